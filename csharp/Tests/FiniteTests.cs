// NaN and infinity never enter or leave the binding (issue 40): a step or a query refuses a non-finite or
// overflowing argument as a KinemaException naming it, its message writes C#'s double.NaN (whose sign bit is
// set) as "NaN" or "nan", never "-nan"; a path or map name holding a NUL is refused rather than cut short.
using System;
using System.IO;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class FiniteTests
    {
        private const double Dt60 = 1.0 / 60.0;

        private static KinemaException Refused(TestDelegate call)
        {
            var error = Assert.Throws<KinemaException>(call);
            Assert.AreEqual(Status.Argument, error.Status);
            StringAssert.DoesNotContain("-nan", error.Message);
            return error;
        }

        // The cases: a NaN position was answered with KINEMA_OK and a NaN position; a velocity of
        // (1e308, 1e308) with (inf, -nan).
        [Test]
        public void StepsRefuseANaNOrOverflowingState()
        {
            var nanPosition = new PlanarState(new Vec2(double.NaN, 0.0), new Vec2(0.0, 0.0));
            Assert.AreEqual("kinema_unreal_step: state.position.x must be a finite number, got NaN",
                            Refused(() => Movement.Step(UnrealSettings.Default, nanPosition, new Vec2(1, 0), Dt60))
                                .Message);
            var huge = new PlanarState(new Vec2(0.0, 0.0), new Vec2(1e308, 1e308));
            StringAssert.StartsWith(
                "kinema_dishonored_step: state.velocity.x must be in [-1e+150, 1e+150]",
                Refused(() => Movement.Step(DishonoredSettings.Default, huge, new Vec2(1, 0), Dt60)).Message);
            var infinite = new PlanarState(new Vec2(0.0, 0.0), new Vec2(0.0, double.NegativeInfinity));
            Assert.AreEqual("kinema_crosscode_step: state.velocity.y must be a finite number, got -infinity",
                            Refused(() => Movement.Step(CrossCodeSettings.Default, infinite, new Vec2(1, 0), Dt60))
                                .Message);
            Assert.AreEqual("kinema_unreal_step: dt must be a finite number, got NaN",
                            Refused(() => Movement.Step(UnrealSettings.Default, new PlanarState(), new Vec2(1, 0),
                                                        double.NaN)).Message);
        }

        [Test]
        public void ARunRefusesAnOverflowingStartAndLeavesTheStatesUntouched()
        {
            var huge = new PlanarState(new Vec2(0.0, 0.0), new Vec2(1e308, 1e308));
            var states = new PlanarState[1];
            states[0] = new PlanarState(new Vec2(-7, -7), new Vec2(-7, -7));
            StringAssert.StartsWith("kinema_unreal_simulate: start.velocity.x",
                                    Refused(() => Movement.Simulate(UnrealSettings.Default, huge, new[] { new Vec2(1, 0) },
                                                                    new[] { Dt60 }, 1, states)).Message);
            Assert.AreEqual(-7.0, states[0].Velocity.X);
        }

        // A setting NaN is the library's own message ("got nan"): C#'s double.NaN has its sign bit set, which the
        // library's number formatter wrote "-nan".
        [Test]
        public void ANaNSettingIsNeverMinusNan()
        {
            DishonoredSettings settings = DishonoredSettings.Default;
            settings.Friction = double.NaN;
            Assert.AreEqual("invalid DishonoredSettings: friction must be a finite number, got nan",
                            Refused(() => Movement.Step(settings, new PlanarState(), new Vec2(1, 0), Dt60)).Message);
        }

        [Test]
        public void QueriesRefuseResultsThatWouldNotBeFinite()
        {
            StringAssert.StartsWith("kinema_unreal_stop_continuous: speed: too large for a finite result",
                                    Refused(() => Analysis.UnrealStopContinuous(UnrealSettings.Default, 1e308)).Message);
        }

        // A C string ends at its first NUL: "corner.txt\0.png" loaded corner.txt.
        [Test]
        public void APathOrMapNameWithANulIsRefused()
        {
            string corner = TestPaths.Data(Path.Combine("levels", "corner.txt"));
            Assert.AreEqual("kinema_space_load: path contains a NUL character (at index " + corner.Length + ")",
                            Refused(() => Space.Load(corner + "\0.png")).Message);
            using (Space space = Space.Load(corner))
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, new Vec3(2.5, 2.5, 0), new Vec3(1, 0, 0));
                Assert.AreEqual("kinema_flood_json: map contains a NUL character (at index 1)",
                                Refused(() => flood.ToJson("a\0b")).Message);
            }
        }
    }
}
