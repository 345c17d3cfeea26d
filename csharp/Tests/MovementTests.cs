// The movement models through the binding: layouts and defaults as the C library has them, frames worked out
// by hand from the models' formulas (docs/movement.md; the values c/tests/c99_test.c checks), whole runs equal
// to `kinema simulate --json` (run as a process), errors as KinemaException, and no allocation per step.
using System;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class MovementTests
    {
        private const double Dt60 = 1.0 / 60.0;

        private static PlanarState MovingAlongX(double speed)
        {
            return new PlanarState(new Vec2(0.0, 0.0), new Vec2(speed, 0.0));
        }

        // The structs' sizes and offsets are checked against the header by LayoutTests.g.cs (scripts/bindings.py).

        // Every default as `kinema simulate --help` lists it (UE 5.8 for Unreal): a field after a bool read at the
        // wrong offset would show here.
        [Test]
        public void SettingsDefaultsAreTheCLibrarys()
        {
            UnrealSettings unreal = UnrealSettings.Default;
            Assert.AreEqual(8.0, unreal.GroundFriction);
            Assert.AreEqual(600.0, unreal.MaxWalkSpeed);
            Assert.AreEqual(2048.0, unreal.MaxAcceleration);
            Assert.AreEqual(2048.0, unreal.BrakingDecelerationWalking);
            Assert.AreEqual(2.0, unreal.BrakingFrictionFactor);
            Assert.AreEqual(0.0, unreal.BrakingFriction);
            Assert.IsFalse(unreal.UseSeparateBrakingFriction);
            Assert.AreEqual(1.0 / 33.0, unreal.BrakingSubStepTime);
            Assert.AreEqual(0.05, unreal.MaxSimulationTimeStep);
            Assert.AreEqual(8, unreal.MaxSimulationIterations);
            Assert.AreEqual(0.0, unreal.MinAnalogWalkSpeed);

            DishonoredSettings dishonored = DishonoredSettings.Default;
            Assert.AreEqual(1.0, dishonored.SpeedScale);
            Assert.AreEqual(8.0, dishonored.Friction);

            CrossCodeSettings crosscode = CrossCodeSettings.Default;
            Assert.AreEqual(300.0, crosscode.MaxVel);
            Assert.AreEqual(1.0, crosscode.AccelSpeed);
            Assert.AreEqual(1.0, crosscode.Friction);
            Assert.AreEqual(0.2, crosscode.AirFriction);
            Assert.IsTrue(crosscode.Grounded);
        }

        // One frame of each model at 60 fps (docs/movement.md). Unreal braking from 600 cm/s with no input, one
        // sub-step (1/60 <= the 1/33 s cap), beta = ground friction 8 x braking factor 2 = 16 1/s, a_B = 2048:
        // v = 600 - (16 x 600 + 2048) / 60 = 405.8667, x = v / 60. Dishonored from rest at full input: the
        // friction term is 0, v = MaxAccel dt = 2000 / 60. CrossCode from rest: v = max_vel x 10 x accel x
        // friction dt = 300 x 10 / 60 = 50 (no friction on a standing start).
        [Test]
        public void OneFrameOfEachModelMatchesTheFormulas()
        {
            PlanarState unreal = Movement.Step(UnrealSettings.Default, MovingAlongX(600.0), new Vec2(), Dt60);
            Assert.AreEqual(600.0 - (16.0 * 600.0 + 2048.0) / 60.0, unreal.Velocity.X, 1e-9);
            Assert.AreEqual(0.0, unreal.Velocity.Y);
            Assert.AreEqual(unreal.Velocity.X / 60.0, unreal.Position.X, 1e-12);

            PlanarState dishonored = Movement.Step(DishonoredSettings.Default, MovingAlongX(0.0), new Vec2(1, 0), Dt60);
            Assert.AreEqual(2000.0 / 60.0, dishonored.Velocity.X, 1e-9);
            Assert.AreEqual(2000.0 / 3600.0, dishonored.Position.X, 1e-12);

            PlanarState crosscode = Movement.Step(CrossCodeSettings.Default, MovingAlongX(0.0), new Vec2(1, 0), Dt60);
            Assert.AreEqual(50.0, crosscode.Velocity.X, 1e-9);
            Assert.AreEqual(50.0 / 60.0, crosscode.Position.X, 1e-12);
        }

        // The whole stop from 600 cm/s at 60 fps, frame by frame: while braking, v' = v - (16 v + 2048) / 60 and
        // x' = x + v' / 60; braking never reverses the velocity, so the frame that would cross zero ends at 0.
        // Five braking frames and the stopping one: 15.623476 cm in 6 frames (`kinema stop`, unreal-cmc.md).
        [Test]
        public void UnrealRunBrakesAsTheRecurrenceSays()
        {
            const int frames = 6;
            var inputs = new Vec2[frames];
            var times = new double[frames];
            var states = new PlanarState[frames];
            for (int i = 0; i < frames; ++i)
            {
                times[i] = Dt60;
            }
            Movement.Simulate(UnrealSettings.Default, MovingAlongX(600.0), inputs, times, frames, states);
            double v = 600.0;
            double x = 0.0;
            for (int i = 0; i < frames; ++i)
            {
                v = Math.Max(0.0, v - (16.0 * v + 2048.0) / 60.0);
                x += v / 60.0;
                Assert.AreEqual(v, states[i].Velocity.X, 1e-9, "frame " + (i + 1));
                Assert.AreEqual(x, states[i].Position.X, 1e-9, "frame " + (i + 1));
            }
            Assert.AreEqual(0.0, states[frames - 1].Velocity.X);
            Assert.AreEqual(15.623476, states[frames - 1].Position.X, 1e-6);
            Assert.Greater(states[frames - 2].Velocity.X, 10.0);
        }

        [Test]
        public void UnrealScheduleEqualsKinemaSimulate()
        {
            // 30 frames of full input along +x, then released.
            const int frames = 60;
            var inputs = new Vec2[frames];
            var times = new double[frames];
            for (int i = 0; i < frames; ++i)
            {
                inputs[i] = i < 30 ? new Vec2(1, 0) : new Vec2(0, 0);
                times[i] = Dt60;
            }
            var states = new PlanarState[frames];
            Movement.Simulate(UnrealSettings.Default, MovingAlongX(0.0), inputs, times, frames, states);
            AssertEqualsCli("simulate --model unreal --dt 0.016666666666666666 --frames 60 " +
                                "--input \"0:1,0;30:0,0\" --json",
                            MovingAlongX(0.0), states);
        }

        [Test]
        public void DishonoredScheduleWithSettingsAndChangingFrameTimesEqualsKinemaSimulate()
        {
            DishonoredSettings sprint = DishonoredSettings.Default;
            sprint.SpeedScale = 1.5;
            const int frames = 40;
            var inputs = new Vec2[frames];
            var times = new double[frames];
            for (int i = 0; i < frames; ++i)
            {
                inputs[i] = i < 10 ? new Vec2(1, 0) : i < 25 ? new Vec2(0.6, 0.8) : new Vec2(0, 0);
                times[i] = i < 20 ? 1.0 / 60.0 : 0.004;
            }
            var states = new PlanarState[frames];
            Movement.Simulate(sprint, MovingAlongX(100.0), inputs, times, frames, states);
            AssertEqualsCli("simulate --model dishonored --set speed_scale=1.5 --dt-schedule \"0:1/60;20:0.004\" " +
                                "--frames 40 --input \"0:1,0;10:0.6,0.8;25:0,0\" --start-velocity 100,0 --json",
                            MovingAlongX(100.0), states);
        }

        [Test]
        public void CrossCodeInTheAirEqualsKinemaSimulateFrameByFrame()
        {
            CrossCodeSettings air = CrossCodeSettings.Default;
            air.Grounded = false;
            const int frames = 30;
            var states = new PlanarState[frames];
            PlanarState state = MovingAlongX(0.0);
            for (int i = 0; i < frames; ++i)
            {
                state = Movement.Step(air, state, i < 15 ? new Vec2(0.6, 0.8) : new Vec2(-1, 0), 0.02);
                states[i] = state;
            }
            AssertEqualsCli("simulate --model crosscode --set grounded=0 --dt 0.02 --frames 30 " +
                                "--input \"0:0.6,0.8;15:-1,0\" --json",
                            MovingAlongX(0.0), states);
        }

        // Frame 0 of the command is the start; frame i + 1 the state after step i: each number bit for bit.
        private static void AssertEqualsCli(string arguments, PlanarState start, PlanarState[] states)
        {
            double[][] rows = Cli.SimulatedFrames(Cli.Run(arguments));
            Assert.AreEqual(states.Length + 1, rows.Length);
            Assert.AreEqual(new[] { start.Position.X, start.Position.Y, start.Velocity.X, start.Velocity.Y }, rows[0]);
            for (int i = 0; i < states.Length; ++i)
            {
                PlanarState s = states[i];
                Assert.AreEqual(rows[i + 1], new[] { s.Position.X, s.Position.Y, s.Velocity.X, s.Velocity.Y },
                                "frame " + (i + 1));
            }
        }

        [Test]
        public void BadArgumentsThrowWithTheCMessage()
        {
            UnrealSettings unreal = UnrealSettings.Default;
            var bad = Assert.Throws<KinemaException>(() => Movement.Step(unreal, MovingAlongX(0), new Vec2(1, 0), 0.0));
            Assert.AreEqual(Status.Argument, bad.Status);
            StringAssert.Contains("dt", bad.Message);
            Assert.AreEqual(Status.Argument, Assert.Throws<KinemaException>(
                () => Movement.Step(unreal, MovingAlongX(0), new Vec2(double.NaN, 0), Dt60)).Status);
            unreal.MaxSimulationIterations = 0;
            StringAssert.Contains("max_simulation_iterations", Assert.Throws<KinemaException>(
                () => Movement.Step(unreal, MovingAlongX(0), new Vec2(), Dt60)).Message);

            var inputs = new Vec2[3];
            var times = new double[] { Dt60, Dt60, Dt60 };
            var states = new PlanarState[3];
            var shortTimes = Assert.Throws<KinemaException>(() => Movement.Simulate(
                DishonoredSettings.Default, MovingAlongX(0), inputs, new double[2], 3, states));
            Assert.AreEqual("kinema_dishonored_simulate: frame_times holds 2 elements, frames is 3",
                            shortTimes.Message);
            var negative = Assert.Throws<KinemaException>(() => Movement.Simulate(
                CrossCodeSettings.Default, MovingAlongX(0), inputs, times, -1, states));
            Assert.AreEqual("kinema_crosscode_simulate: frames must be in [0, 200000], got -1", negative.Message);
            var nullStates = Assert.Throws<KinemaException>(() => Movement.Simulate(
                UnrealSettings.Default, MovingAlongX(0), inputs, times, 3, null));
            StringAssert.Contains("states_out", nullStates.Message);
            Movement.Simulate(UnrealSettings.Default, MovingAlongX(0), null, null, 0, null);  // no frames: no arrays
        }

        // A game steps its characters every frame: Step (and the analysis a game might call per frame) must give
        // the garbage collector no work.
        [Test]
        public void StepsAndStopsAllocateNothing()
        {
            UnrealSettings unreal = UnrealSettings.Default;
            DishonoredSettings dishonored = DishonoredSettings.Default;
            CrossCodeSettings crosscode = CrossCodeSettings.Default;
            PlanarState a = MovingAlongX(0), b = a, c = a;
            var input = new Vec2(0.6, 0.8);
            a = Movement.Step(unreal, a, input, Dt60);  // warm up: the first call binds the entry points
            b = Movement.Step(dishonored, b, input, Dt60);
            c = Movement.Step(crosscode, c, input, Dt60);
            double sum = Analysis.UnrealStop(unreal, 600.0, Dt60).Distance;
            long before = Allocations.Bytes();
            long nothing = Allocations.Bytes() - before;
            before = Allocations.Bytes();
            for (int frame = 0; frame < 100000; ++frame)
            {
                a = Movement.Step(unreal, a, input, Dt60);
                b = Movement.Step(dishonored, b, input, Dt60);
                c = Movement.Step(crosscode, c, input, Dt60);
                sum += Analysis.UnrealStop(unreal, a.Velocity.Length, Dt60).Distance;
            }
            long allocated = Allocations.Bytes() - before - nothing;
            Assert.AreEqual(0L, allocated, "100000 frames allocated " + allocated + " bytes");
            Assert.Greater(sum + a.Position.X + b.Position.X + c.Position.X, 0.0);
        }
    }
}
