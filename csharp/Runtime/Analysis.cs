using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_stop_prediction: how far and how long a braking character travels.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct StopPrediction
    {
        private byte stops;
        private double distance;
        private double time;
        private long frames;
        private byte atLimit;

        /// <summary>False when the speed never reaches zero (no braking friction and no deceleration).</summary>
        public bool Stops { get { return stops != 0; } }
        /// <summary>cm along the starting direction (when !Stops: the limit distance or infinity).</summary>
        public double Distance { get { return distance; } }
        /// <summary>s: frames x frame time (a trace: the sum of the frames taken); infinity when !Stops.</summary>
        public double Time { get { return time; } }
        /// <summary>Frames until the speed reads zero, the stopping frame included.</summary>
        public long Frames { get { return frames; } }
        /// <summary>The work bound was reached (never inside the documented ranges).</summary>
        public bool AtLimit { get { return atLimit != 0; } }
    }

    /// <summary>
    /// kinema_turn_settings: Dishonored's settings plus the input acceleration, for the turn solver. Defaults
    /// (TurnSettings.Default): speed scale 1, friction 8, acceleration 2000 u/s^2.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct TurnSettings
    {
        /// <summary>As DishonoredSettings.SpeedScale, [1e-6, 2500].</summary>
        public double SpeedScale;
        /// <summary>As DishonoredSettings.Friction, 1/s, [0, 1e6].</summary>
        public double Friction;
        /// <summary>|a|, the input acceleration, u/s^2, (0, 1e8].</summary>
        public double Acceleration;

        /// <summary>The C library's defaults (kinema_turn_settings_default).</summary>
        public static TurnSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_turn_settings_default();
            }
        }
    }

    /// <summary>
    /// kinema_turn_solution: one frame's input from full speed along +x towards the wanted direction.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct TurnSolution
    {
        private byte reachable;
        private Vec2 inputDirection;
        private double normalizedSpeed;
        private double speed;

        /// <summary>False when no input reaches the wanted direction in one frame.</summary>
        public bool Reachable { get { return reachable != 0; } }
        /// <summary>The unit input that does; zero when not reachable.</summary>
        public Vec2 InputDirection { get { return inputDirection; } }
        /// <summary>m' in the DhTas notes: the speed before the clamp / MaxSpeed.</summary>
        public double NormalizedSpeed { get { return normalizedSpeed; } }
        /// <summary>u/s after the clamp.</summary>
        public double Speed { get { return speed; } }
    }

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
