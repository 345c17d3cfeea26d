namespace Kinema
{

    /// <summary>The largest turns per frame, radians in [0, pi]: keeping full speed, and reachable at all.</summary>
    public struct TurnLimits
    {
        public double MaxFullSpeedTurn;
        public double MaxReachableTurn;
    }

    /// <summary>
    /// The analysis (docs/analysis.md): the exact stop and pivot of Unreal's CMC (`kinema stop`) and Dishonored's
    /// turn solver (`kinema turn`). Nothing allocates; a failing call throws KinemaException.
    /// </summary>
    public static class Analysis
    {
        /// <summary>
        /// The exact stop walking with no input from `speed` (cm/s, [0, 1e6]) at a constant frame time (s,
        /// [1e-6, 10]): `kinema stop --model unreal --speed V --fps F`.
        /// </summary>
        public static StopPrediction UnrealStop(UnrealSettings settings, double speed, double frameTime)
        {
            Kinema.CheckLibrary();
            StopPrediction stop;
            KinemaException.Check(NativeMethods.kinema_unreal_stop(ref settings, speed, frameTime, out stop));
            return stop;
        }

        /// <summary>
        /// The exact stop over a recorded frame-time trace (`kinema stop --trace`): frame i lasts frameTimes[i] s
        /// (each in (0, 10], the last >= 1e-6), and the last frame time repeats after the trace.
        /// </summary>
        public static StopPrediction UnrealStopTrace(UnrealSettings settings, double speed, double[] frameTimes)
        {
            Kinema.CheckLibrary();
            StopPrediction stop;
            int count = frameTimes == null ? 0 : frameTimes.Length;
            KinemaException.Check(NativeMethods.kinema_unreal_stop_trace(ref settings, speed, frameTimes, count,
                                                                         out stop));
            return stop;
        }

        /// <summary>The continuous-time limit of the stop (no frame rate): `kinema stop --continuous`.</summary>
        public static StopPrediction UnrealStopContinuous(UnrealSettings settings, double speed)
        {
            Kinema.CheckLibrary();
            StopPrediction stop;
            KinemaException.Check(NativeMethods.kinema_unreal_stop_continuous(ref settings, speed, out stop));
            return stop;
        }

        /// <summary>
        /// The exact pivot (`kinema stop --pivot`): walking at `speed` (cm/s, [0, MaxWalkSpeed]) the input reverses
        /// at full strength; Distance is how far the character still moves forward, Frames and Time until its
        /// velocity points back.
        /// </summary>
        public static StopPrediction UnrealPivot(UnrealSettings settings, double speed, double frameTime)
        {
            Kinema.CheckLibrary();
            StopPrediction pivot;
            KinemaException.Check(NativeMethods.kinema_unreal_pivot(ref settings, speed, frameTime, out pivot));
            return pivot;
        }

        /// <summary>
        /// Dishonored's turn solver (`kinema turn --angle`): the input that turns a full-speed velocity by `angle`
        /// radians (+ = counter-clockwise) in one frame of dt s.
        /// </summary>
        public static TurnSolution DishonoredTurn(TurnSettings settings, double angle, double dt)
        {
            Kinema.CheckLibrary();
            TurnSolution solution;
            KinemaException.Check(NativeMethods.kinema_dishonored_turn(ref settings, angle, dt, out solution));
            return solution;
        }

        /// <summary>The largest turns per frame of dt s (`kinema turn --max`), in radians.</summary>
        public static TurnLimits DishonoredTurnLimits(TurnSettings settings, double dt)
        {
            Kinema.CheckLibrary();
            TurnLimits limits;
            KinemaException.Check(NativeMethods.kinema_dishonored_turn_limits(
                ref settings, dt, out limits.MaxFullSpeedTurn, out limits.MaxReachableTurn));
            return limits;
        }
    }
}
