// The exact Unreal stop and pivot and Dishonored's turn solver through the binding: equal to `kinema stop
// --json` and `kinema turn --json` for the same numbers (run as a process), and to values worked out by hand
// (docs/analysis.md; the values c/tests/c99_test.c checks).
using System;
using System.IO;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class AnalysisTests
    {
        // `kinema turn` reads and prints degrees; the C library takes radians (report/turn.hpp's constant).
        private const double DegreesPerRadian = 180.0 / Math.PI;

        // The stop from 600 cm/s at 60 fps: five braking frames (v' = v - (16 v + 2048) / 60, see
        // MovementTests) and the frame that stops, 15.623476 cm in 6 frames, time 6 / 60 = 0.1 s. The continuous
        // limit solves dv/dt = -(beta v + a_B), beta = 16 1/s, a_B = 2048 cm/s^2: T = ln(1 + beta v0 / a_B) / beta
        // = ln(5.6875) / 16 = 0.108642 s, distance (v0 - a_B T) / beta = 23.593834 cm.
        [Test]
        public void StopFromSixHundredAtSixtyFpsMatchesTheFormulas()
        {
            UnrealSettings walk = UnrealSettings.Default;
            StopPrediction stop = Analysis.UnrealStop(walk, 600.0, 1.0 / 60.0);
            Assert.IsTrue(stop.Stops);
            Assert.AreEqual(6L, stop.Frames);
            Assert.AreEqual(15.623476, stop.Distance, 1e-6);
            Assert.AreEqual(0.1, stop.Time, 1e-12);
            Assert.IsFalse(stop.AtLimit);

            StopPrediction trace = Analysis.UnrealStopTrace(walk, 600.0, new[] { 1.0 / 60.0, 1.0 / 60.0 });
            Assert.AreEqual(6L, trace.Frames);
            Assert.AreEqual(stop.Distance, trace.Distance, 1e-9);

            double braking = 16.0;
            double time = Math.Log(1.0 + braking * 600.0 / 2048.0) / braking;
            StopPrediction continuous = Analysis.UnrealStopContinuous(walk, 600.0);
            Assert.AreEqual(time, continuous.Time, 1e-12);
            Assert.AreEqual((600.0 - 2048.0 * time) / braking, continuous.Distance, 1e-9);
            Assert.AreEqual(23.593834, continuous.Distance, 1e-6);
        }

        [Test]
        public void StopEqualsKinemaStop()
        {
            AssertStopEqualsCli(UnrealSettings.Default, 600.0, 60.0, "");
            UnrealSettings slippery = UnrealSettings.Default;
            slippery.GroundFriction = 4.0;
            AssertStopEqualsCli(slippery, 450.0, 144.0, " --set ground_friction=4");
            UnrealSettings separate = UnrealSettings.Default;
            separate.UseSeparateBrakingFriction = true;
            separate.BrakingFriction = 1.5;
            separate.BrakingDecelerationWalking = 512.0;
            AssertStopEqualsCli(separate, 600.0, 30.0,
                                " --set use_separate_braking_friction=1 --set braking_friction=1.5" +
                                    " --set braking_deceleration_walking=512");
        }

        private static void AssertStopEqualsCli(UnrealSettings settings, double speed, double fps, string set)
        {
            string json =
                Cli.Run("stop --model unreal --speed " + Cli.Text(speed) + " --fps " + Cli.Text(fps) + set + " --json");
            StopPrediction stop = Analysis.UnrealStop(settings, speed, 1.0 / fps);
            Assert.AreEqual(Cli.Bool(json, "stops"), stop.Stops);
            Assert.AreEqual(Cli.Number(json, "distance"), stop.Distance);
            Assert.AreEqual(Cli.Number(json, "time"), stop.Time);
            Assert.AreEqual(Cli.Number(json, "frames"), (double)stop.Frames);
            Assert.AreEqual(Cli.Number(json, "continuous_distance"),
                            Analysis.UnrealStopContinuous(settings, speed).Distance);
        }

        [Test]
        public void ContinuousStopEqualsKinemaStopContinuous()
        {
            string json = Cli.Run("stop --model unreal --speed 600 --continuous --json");
            StopPrediction stop = Analysis.UnrealStopContinuous(UnrealSettings.Default, 600.0);
            Assert.AreEqual(Cli.Number(json, "distance"), stop.Distance);
            Assert.AreEqual(Cli.Number(json, "time"), stop.Time);
        }

        [Test]
        public void PivotEqualsKinemaStopPivot()
        {
            string json = Cli.Run("stop --model unreal --speed 400 --fps 30 --pivot --json");
            StopPrediction pivot = Analysis.UnrealPivot(UnrealSettings.Default, 400.0, 1.0 / 30.0);
            Assert.AreEqual(Cli.Bool(json, "stops"), pivot.Stops);
            Assert.AreEqual(Cli.Number(json, "distance"), pivot.Distance);
            Assert.AreEqual(Cli.Number(json, "time"), pivot.Time);
            Assert.AreEqual(Cli.Number(json, "frames"), (double)pivot.Frames);
        }

        [Test]
        public void TraceStopEqualsKinemaStopTrace()
        {
            string csv = Path.GetTempFileName();
            try
            {
                File.WriteAllText(csv, "dt\n0.016\n0.02\n0.033\n");
                string json = Cli.Run("stop --model unreal --speed 600 --trace \"" + csv + "\" --json");
                StopPrediction stop =
                    Analysis.UnrealStopTrace(UnrealSettings.Default, 600.0, new[] { 0.016, 0.02, 0.033 });
                Assert.AreEqual(Cli.Bool(json, "stops"), stop.Stops);
                Assert.AreEqual(Cli.Number(json, "distance"), stop.Distance);
                Assert.AreEqual(Cli.Number(json, "time"), stop.Time);
                Assert.AreEqual(Cli.Number(json, "frames"), (double)stop.Frames);
            }
            finally
            {
                File.Delete(csv);
            }
        }

        // Straight ahead at full speed the input needs no turn: from the DhTas notes' step, m' = 1 + (MaxAccel /
        // MaxSpeed) dt = 1 + (2000 / 400) / 60 before the clamp back to 400 u/s.
        [Test]
        public void TurnStraightAheadMatchesTheFormula()
        {
            TurnSettings turn = TurnSettings.Default;
            Assert.AreEqual(1.0, turn.SpeedScale);
            Assert.AreEqual(8.0, turn.Friction);
            Assert.AreEqual(2000.0, turn.Acceleration);
            TurnSolution ahead = Analysis.DishonoredTurn(turn, 0.0, 1.0 / 60.0);
            Assert.IsTrue(ahead.Reachable);
            Assert.AreEqual(1.0, ahead.InputDirection.X, 1e-12);
            Assert.AreEqual(400.0, ahead.Speed, 1e-9);
            Assert.AreEqual(1.0 + 5.0 / 60.0, ahead.NormalizedSpeed, 1e-12);
            TurnLimits limits = Analysis.DishonoredTurnLimits(turn, 1.0 / 60.0);
            Assert.Greater(limits.MaxFullSpeedTurn, 0.0);
            Assert.GreaterOrEqual(limits.MaxReachableTurn, limits.MaxFullSpeedTurn);
            Assert.LessOrEqual(limits.MaxReachableTurn, Math.PI);
        }

        [Test]
        public void TurnEqualsKinemaTurn()
        {
            AssertTurnEqualsCli(TurnSettings.Default, 10.0, 60.0, "");
            TurnSettings sprint = TurnSettings.Default;
            sprint.SpeedScale = 1.5;
            sprint.Friction = 4.0;
            AssertTurnEqualsCli(sprint, -12.5, 30.0, " --scale 1.5 --friction 4");
            AssertTurnEqualsCli(TurnSettings.Default, 30.0, 60.0, "");  // beyond the largest turn: not reachable
        }

        private static void AssertTurnEqualsCli(TurnSettings settings, double angleDegrees, double fps, string set)
        {
            string json =
                Cli.Run("turn --fps " + Cli.Text(fps) + " --angle=" + Cli.Text(angleDegrees) + set + " --json");
            TurnSolution turn = Analysis.DishonoredTurn(settings, angleDegrees / DegreesPerRadian, 1.0 / fps);
            Assert.AreEqual(Cli.Bool(json, "reachable"), turn.Reachable);
            if (turn.Reachable)
            {
                Assert.AreEqual(Cli.Numbers(json, "input_direction"),
                                new[] { turn.InputDirection.X, turn.InputDirection.Y });
                Assert.AreEqual(Cli.Number(json, "normalized_speed"), turn.NormalizedSpeed);
                Assert.AreEqual(Cli.Number(json, "speed"), turn.Speed);
            }
        }

        [Test]
        public void TurnLimitsEqualKinemaTurnMax()
        {
            TurnSettings sprint = TurnSettings.Default;
            sprint.SpeedScale = 1.5;
            sprint.Friction = 4.0;
            string json = Cli.Run("turn --fps 30 --max --scale 1.5 --friction 4 --json");
            TurnLimits limits = Analysis.DishonoredTurnLimits(sprint, 1.0 / 30.0);
            Assert.AreEqual(Cli.Number(json, "full_speed_turn_deg_per_frame"),
                            limits.MaxFullSpeedTurn * DegreesPerRadian);
            Assert.AreEqual(Cli.Number(json, "reachable_turn_deg_per_frame"),
                            limits.MaxReachableTurn * DegreesPerRadian);
        }

        [Test]
        public void BadArgumentsThrowWithTheCMessage()
        {
            UnrealSettings walk = UnrealSettings.Default;
            Assert.AreEqual(Status.Argument,
                            Assert.Throws<KinemaException>(() => Analysis.UnrealStop(walk, -5.0, 1.0 / 60.0)).Status);
            Assert.AreEqual(Status.Argument,
                            Assert.Throws<KinemaException>(() => Analysis.UnrealStop(walk, 600.0, double.NaN)).Status);
            var empty = Assert.Throws<KinemaException>(() => Analysis.UnrealStopTrace(walk, 600.0, new double[0]));
            Assert.AreEqual("kinema_unreal_stop_trace: count must be >= 1, got 0", empty.Message);
            var none = Assert.Throws<KinemaException>(() => Analysis.UnrealStopTrace(walk, 600.0, null));
            Assert.AreEqual("kinema_unreal_stop_trace: frame_times is NULL", none.Message);
            Assert.AreEqual(Status.Argument,
                            Assert.Throws<KinemaException>(() => Analysis.UnrealPivot(walk, 700.0, 1.0 / 60.0)).Status);
            Assert.AreEqual(Status.Argument, Assert.Throws<KinemaException>(
                () => Analysis.DishonoredTurn(TurnSettings.Default, double.PositiveInfinity, 1.0 / 60.0)).Status);
            TurnSettings still = TurnSettings.Default;
            still.SpeedScale = 0.0;
            var slow = Assert.Throws<KinemaException>(() => Analysis.DishonoredTurnLimits(still, 0.1));
            StringAssert.Contains("speed_scale", slow.Message);
            var zeroed = Assert.Throws<KinemaException>(() => Analysis.DishonoredTurnLimits(new TurnSettings(), 0.1));
            StringAssert.Contains("internal_check", zeroed.Message);
        }
    }
}
