namespace Kinema
{
    // kinema_planar_state's fields are generated (Generated/NativeMethods.g.cs); these are C#'s conveniences.
    public partial struct PlanarState
    {
        public PlanarState(Vec2 position, Vec2 velocity)
        {
            Position = position;
            Velocity = velocity;
        }

        public override string ToString()
        {
            return "position " + Position + ", velocity " + Velocity;
        }
    }

    /// <summary>
    /// The movement models (docs/movement.md): Step advances one frame, as a game loop does, and allocates
    /// nothing; Simulate runs a whole schedule of inputs and frame times into a caller's array, the numbers of
    /// `kinema simulate`. A step takes dt in (0, 10] s and a finite input (the wish direction; longer than 1 is
    /// clamped); a failing call throws KinemaException with the C library's message.
    /// </summary>
    public static class Movement
    {
        /// <summary>The C library's cap on Simulate's frames (the kinema command's).</summary>
        public const int MaxSimulationFrames = 200000;

        /// <summary>Dishonored: the state after one frame of dt seconds with this input.</summary>
        public static PlanarState Step(DishonoredSettings settings, PlanarState state, Vec2 input, double dt)
        {
            Kinema.CheckLibrary();
            PlanarState next;
            KinemaException.Check(NativeMethods.kinema_dishonored_step(ref settings, ref state, input, dt, out next));
            return next;
        }

        /// <summary>CrossCode: the state after one frame of dt seconds with this input.</summary>
        public static PlanarState Step(CrossCodeSettings settings, PlanarState state, Vec2 input, double dt)
        {
            Kinema.CheckLibrary();
            PlanarState next;
            KinemaException.Check(NativeMethods.kinema_crosscode_step(ref settings, ref state, input, dt, out next));
            return next;
        }

        /// <summary>Unreal's CMC: the state after one frame of dt seconds with this input.</summary>
        public static PlanarState Step(UnrealSettings settings, PlanarState state, Vec2 input, double dt)
        {
            Kinema.CheckLibrary();
            PlanarState next;
            KinemaException.Check(NativeMethods.kinema_unreal_step(ref settings, ref state, input, dt, out next));
            return next;
        }

        /// <summary>
        /// Dishonored over `frames` frames ([0, 200000]): frame i lasts frameTimes[i] s with inputs[i], and
        /// states[i] receives the state after it. Each array holds at least `frames` elements.
        /// </summary>
        public static void Simulate(DishonoredSettings settings, PlanarState start, Vec2[] inputs, double[] frameTimes,
                                    int frames, PlanarState[] states)
        {
            Kinema.CheckLibrary();
            CallerArrays.Check("kinema_dishonored_simulate", "inputs", inputs, frames, "frames");
            CallerArrays.Check("kinema_dishonored_simulate", "frame_times", frameTimes, frames, "frames");
            CallerArrays.Check("kinema_dishonored_simulate", "states_out", states, frames, "frames");
            KinemaException.Check(
                NativeMethods.kinema_dishonored_simulate(ref settings, ref start, inputs, frameTimes, frames, states));
        }

        /// <summary>CrossCode over `frames` frames, as the Dishonored overload.</summary>
        public static void Simulate(CrossCodeSettings settings, PlanarState start, Vec2[] inputs, double[] frameTimes,
                                    int frames, PlanarState[] states)
        {
            Kinema.CheckLibrary();
            CallerArrays.Check("kinema_crosscode_simulate", "inputs", inputs, frames, "frames");
            CallerArrays.Check("kinema_crosscode_simulate", "frame_times", frameTimes, frames, "frames");
            CallerArrays.Check("kinema_crosscode_simulate", "states_out", states, frames, "frames");
            KinemaException.Check(
                NativeMethods.kinema_crosscode_simulate(ref settings, ref start, inputs, frameTimes, frames, states));
        }

        /// <summary>Unreal's CMC over `frames` frames, as the Dishonored overload.</summary>
        public static void Simulate(UnrealSettings settings, PlanarState start, Vec2[] inputs, double[] frameTimes,
                                    int frames, PlanarState[] states)
        {
            Kinema.CheckLibrary();
            CallerArrays.Check("kinema_unreal_simulate", "inputs", inputs, frames, "frames");
            CallerArrays.Check("kinema_unreal_simulate", "frame_times", frameTimes, frames, "frames");
            CallerArrays.Check("kinema_unreal_simulate", "states_out", states, frames, "frames");
            KinemaException.Check(
                NativeMethods.kinema_unreal_simulate(ref settings, ref start, inputs, frameTimes, frames, states));
        }
    }

    // The C library cannot see an array's length: an array shorter than the count it is given is caught here, in
    // its words (a null array goes through, so that the C library names it).
    internal static class CallerArrays
    {
        internal static void Check(string function, string name, System.Array array, int count, string countName)
        {
            if (array != null && count > 0 && array.Length < count)
            {
                throw new KinemaException(Status.Argument, function + ": " + name + " holds " + array.Length +
                                                               " elements, " + countName + " is " + count);
            }
        }
    }
}
