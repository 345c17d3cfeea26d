using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_planar_state: position and velocity on the ground plane (game units, per second).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PlanarState
    {
        public Vec2 Position;
        public Vec2 Velocity;

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
    /// kinema_dishonored_settings: Dishonored's frame step (Algorithm 1 of the DhTas notes), lengths in u. Start
    /// from DishonoredSettings.Default (walking: speed scale 1, friction 8) and change fields.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DishonoredSettings
    {
        /// <summary>
        /// s in the DhTas notes, [1e-6, 2500]: MaxSpeed 400 s, MaxAccel 2000 s (walk 1, sprint 1.5, Agility 1.95).
        /// </summary>
        public double SpeedScale;
        /// <summary>f in the DhTas notes, 1/s, [0, 1e6].</summary>
        public double Friction;

        /// <summary>The C library's defaults (kinema_dishonored_settings_default).</summary>
        public static DishonoredSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_dishonored_settings_default();
            }
        }
    }

    /// <summary>
    /// kinema_crosscode_settings: CrossCode's movement physics (Radical Fish Games' devblog), lengths in px.
    /// Defaults (CrossCodeSettings.Default): max velocity 300, acceleration 1, friction 1, air friction 0.2, grounded.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CrossCodeSettings
    {
        /// <summary>maxVel, px/s, [0, 1e6].</summary>
        public double MaxVel;
        /// <summary>accelSpeed, [0, 1000].</summary>
        public double AccelSpeed;
        /// <summary>Ground friction, [0, 1e5]; also scales the acceleration.</summary>
        public double Friction;
        /// <summary>Friction used instead of Friction when not grounded, [0, 1e5].</summary>
        public double AirFriction;
        private byte grounded;

        /// <summary>On the ground (Friction) or above it (AirFriction).</summary>
        public bool Grounded
        {
            get { return grounded != 0; }
            set { grounded = value ? (byte)1 : (byte)0; }
        }

        /// <summary>The C library's defaults (kinema_crosscode_settings_default).</summary>
        public static CrossCodeSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_crosscode_settings_default();
            }
        }
    }

    /// <summary>
    /// kinema_unreal_settings: Unreal Engine's Character Movement Component walking on flat ground, lengths in cm.
    /// UnrealSettings.Default holds UE 5.8's defaults (600 cm/s, 2048 cm/s^2, ground friction 8, ...).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct UnrealSettings
    {
        /// <summary>GroundFriction, 1/s, [0, 1e6]; default 8.</summary>
        public double GroundFriction;
        /// <summary>MaxWalkSpeed, cm/s, [0, 1e6]; default 600.</summary>
        public double MaxWalkSpeed;
        /// <summary>MaxAcceleration (full input), cm/s^2, [0, 1e8]; default 2048.</summary>
        public double MaxAcceleration;
        /// <summary>BrakingDecelerationWalking, cm/s^2, [0, 1e8]; default 2048.</summary>
        public double BrakingDecelerationWalking;
        /// <summary>BrakingFrictionFactor, [0, 1e3]; default 2.</summary>
        public double BrakingFrictionFactor;
        /// <summary>BrakingFriction, 1/s, [0, 1e6]; used only with UseSeparateBrakingFriction.</summary>
        public double BrakingFriction;
        private byte useSeparateBrakingFriction;
        /// <summary>BrakingSubStepTime, s, (0, 10]; default 1/33.</summary>
        public double BrakingSubStepTime;
        /// <summary>MaxSimulationTimeStep, s, (0, 10]; default 0.05.</summary>
        public double MaxSimulationTimeStep;
        /// <summary>MaxSimulationIterations, [1, 25]; default 8.</summary>
        public int MaxSimulationIterations;
        /// <summary>MinAnalogWalkSpeed, cm/s, [0, 1e6]; default 0.</summary>
        public double MinAnalogWalkSpeed;

        /// <summary>Brake with BrakingFriction instead of GroundFriction; default false.</summary>
        public bool UseSeparateBrakingFriction
        {
            get { return useSeparateBrakingFriction != 0; }
            set { useSeparateBrakingFriction = value ? (byte)1 : (byte)0; }
        }

        /// <summary>The C library's defaults (kinema_unreal_settings_default).</summary>
        public static UnrealSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_unreal_settings_default();
            }
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
