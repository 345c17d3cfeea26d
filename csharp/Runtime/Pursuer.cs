// kinema_pursuer: the runtime pursuer (docs/pursuit.md "Runtime pursuer"; docs/engines.md "Runtime pursuer"),
// the NPC's chase reasoning a game ticks each frame. Its P/Invoke declarations and handle live here, beside it.
using System;
using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_pursuit_strategy: how the NPC picks its destination when it loses sight.</summary>
    public enum PursuitStrategy
    {
        /// <summary>The chapter's flood, single shot (Couvidou, section 3).</summary>
        Flood = 0,
        /// <summary>The flood advanced at the player's run speed while the NPC runs (section 6).</summary>
        FloodPaced = 1,
        /// <summary>Straight on from the last seen position until a wall.</summary>
        DeadReckoning = 2,
        /// <summary>The player's real trail (the original Dishonored; omniscient by design).</summary>
        Breadcrumbs = 3,
        /// <summary>The last seen position.</summary>
        LastKnown = 4
    }

    /// <summary>kinema_pursuit_state: what the NPC does.</summary>
    public enum PursuitState
    {
        /// <summary>Sees the player: the goal is the player.</summary>
        Engage = 0,
        /// <summary>Lost them: the goal is the strategy's destination.</summary>
        Chase = 1,
        /// <summary>Arrived without contact: the goal is the occupancy map's target.</summary>
        Search = 2,
        /// <summary>Searched SearchTime seconds: the goal stays.</summary>
        GaveUp = 3
    }

    /// <summary>kinema_pursuit_event_kind; PursuerOutput.Events has bit (1 &lt;&lt; kind) for each.</summary>
    public enum PursuitEventKind
    {
        LostSight = 0,
        Chase = 1,
        Arrived = 2,
        Search = 3,
        Reacquired = 4,
        Stimulus = 5,
        GaveUp = 6
    }

    /// <summary>
    /// kinema_pursuer_settings: start from PursuerSettings.Default (`kinema pursue`'s defaults; the flood's
    /// MaxRestarts 3) and change fields.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PursuerSettings
    {
        public PursuitStrategy Strategy;
        /// <summary>Level units, [0, 1e6]: the search clears what the NPC sees within this.</summary>
        public double ViewRange;
        /// <summary>Degrees, [0, 360]: the full cone of sight.</summary>
        public double ViewAngle;
        /// <summary>Level units, [0, 1e6]: seen whatever the facing.</summary>
        public double ContactRange;
        /// <summary>Seconds, [0, 3600]: search without contact, then give up.</summary>
        public double SearchTime;
        /// <summary>Level units/s, (0, 1e6]: the paced flood's pace and the search's spread rate.</summary>
        public double PlayerSpeed;
        /// <summary>[0, 1]: the occupancy share spread per player cell-move.</summary>
        public double Spread;
        /// <summary>[0, 1e9]: the single-shot flood's propagation steps per update; 0 = all at once.</summary>
        public int FloodStepsPerTick;
        /// <summary>The chase's constants; MaxRestarts caps the stimuli accepted.</summary>
        public FloodSettings Flood;

        /// <summary>The C library's defaults (kinema_pursuer_settings_default).</summary>
        public static PursuerSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return PursuerNative.kinema_pursuer_settings_default();
            }
        }
    }

    /// <summary>kinema_pursuer_input: what the game reports each frame.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PursuerInput
    {
        /// <summary>Seconds since the previous update, [0, 3600].</summary>
        public double Dt;
        public Vec3 NpcPosition;
        /// <summary>The NPC's facing (normalised by the pursuer).</summary>
        public Vec3 NpcFacing;
        private int seesPlayer;
        /// <summary>Read while seen, on the first update, and always by the breadcrumbs strategy.</summary>
        public Vec3 PlayerPosition;
        /// <summary>Only its direction is read (the flood's barrier); zero = standing.</summary>
        public Vec3 PlayerVelocity;
        private int arrived;

        public bool SeesPlayer
        {
            get { return seesPlayer != 0; }
            set { seesPlayer = value ? 1 : 0; }
        }

        /// <summary>The agent reached the previous goal and stopped (Unity: remainingDistance &lt;= stoppingDistance).</summary>
        public bool Arrived
        {
            get { return arrived != 0; }
            set { arrived = value ? 1 : 0; }
        }
    }

    /// <summary>kinema_pursuer_output: what the NPC should do now.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PursuerOutput
    {
        public PursuitState State;
        private int goalChanged;
        private int goalInSight;
        /// <summary>Bit (1 &lt;&lt; PursuitEventKind) for each event of the call (Pursuer.Events).</summary>
        public uint Events;
        /// <summary>Where to go.</summary>
        public Vec3 Goal;
        /// <summary>Seconds: the sum of the updates' Dt.</summary>
        public double Time;

        /// <summary>Goal differs from the previous output's: re-path.</summary>
        public bool GoalChanged
        {
            get { return goalChanged != 0; }
        }

        /// <summary>Engaged: the goal is the seen player, a straight line away.</summary>
        public bool GoalInSight
        {
            get { return goalInSight != 0; }
        }

        /// <summary>True when the call recorded an event of this kind.</summary>
        public bool Has(PursuitEventKind kind)
        {
            return (Events & (1u << (int)kind)) != 0;
        }
    }

    /// <summary>kinema_pursuer_event: one event of the last call.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PursuerEvent
    {
        public PursuitEventKind Kind;
        private int accepted;
        /// <summary>Seconds, the pursuer's clock.</summary>
        public double T;
        /// <summary>Lost sight: last seen; chase, arrived: the destination; stimulus: the noise; else the NPC or the player.</summary>
        public Vec3 Position;
        /// <summary>Lost sight: the player's direction of motion then.</summary>
        public Vec3 Direction;

        /// <summary>Stimulus: false when the restart cap or the engaged NPC refused it.</summary>
        public bool Accepted
        {
            get { return accepted != 0; }
        }
    }

    /// <summary>
    /// The NPC's chase reasoning, ticked once a frame: the game moves the NPC to Output.Goal (its NavMeshAgent)
    /// and reports what it perceives. Update, Stimulus and Events allocate nothing. Any space: grids, meshes and
    /// navmeshes (3D points in metres, y up).
    /// </summary>
    public sealed class Pursuer : IDisposable
    {
        private readonly PursuerHandle handle;
        private PursuerOutput output;

        /// <summary>A pursuer on `space` (kept alive while the pursuer is), engaged, clock 0.</summary>
        public Pursuer(Space space, PursuerSettings settings)
        {
            Kinema.CheckLibrary();
            SpaceHandle target = space == null ? SpaceHandle.Null : space.Handle;
            bool added = false;
            target.DangerousAddRef(ref added);
            Status status;
            try
            {
                status = PursuerNative.kinema_pursuer_create(target, ref settings, out handle);
            }
            catch
            {
                target.DangerousRelease();
                throw;
            }
            if (status != Status.Ok)
            {
                target.DangerousRelease();
                KinemaException.Check(status);
            }
            handle.Keep(target);
        }

        /// <summary>One frame: the clock advances by Dt and the state machine runs on `input`.</summary>
        public PursuerOutput Update(ref PursuerInput input)
        {
            KinemaException.Check(PursuerNative.kinema_pursuer_update(handle, ref input, out output));
            return output;
        }

        /// <summary>One frame (the input by value).</summary>
        public PursuerOutput Update(PursuerInput input)
        {
            return Update(ref input);
        }

        /// <summary>A noise at `position` (on floor), `delay` seconds after the last update: restarts the chase
        /// unless the NPC is engaged or MaxRestarts were accepted.</summary>
        public PursuerOutput Stimulus(Vec3 position, double delay = 0.0)
        {
            KinemaException.Check(PursuerNative.kinema_pursuer_stimulus(handle, position, delay, out output));
            return output;
        }

        /// <summary>The last call's decision.</summary>
        public PursuerOutput Output
        {
            get { return output; }
        }

        /// <summary>Copies the last call's events into `buffer` (4 is always enough); returns how many there were.</summary>
        public int Events(PursuerEvent[] buffer)
        {
            int count;
            int capacity = buffer == null ? 0 : buffer.Length;
            KinemaException.Check(PursuerNative.kinema_pursuer_events(handle, buffer, capacity, out count));
            return count;
        }

        /// <summary>Back to before the first update (engaged, clock 0, no restart used).</summary>
        public void Reset()
        {
            KinemaException.Check(PursuerNative.kinema_pursuer_reset(handle));
            output = default(PursuerOutput);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    // The C pursuer points into its space (kinema.h): the handle holds a reference count on it.
    internal sealed class PursuerHandle : SpaceKeepingHandle
    {
        public PursuerHandle()
        {
        }

        protected override void Destroy(IntPtr native)
        {
            PursuerNative.kinema_pursuer_destroy(native);
        }
    }

    internal static class PursuerNative
    {
        private const string Library = NativeMethods.Library;

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern PursuerSettings kinema_pursuer_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_create(SpaceHandle space, ref PursuerSettings settings,
                                                            out PursuerHandle pursuer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_update(PursuerHandle pursuer, ref PursuerInput input,
                                                            out PursuerOutput output);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_stimulus(PursuerHandle pursuer, Vec3 position, double delay,
                                                              out PursuerOutput output);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_events(PursuerHandle pursuer, [Out] PursuerEvent[] events,
                                                            int capacity, out int count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_reset(PursuerHandle pursuer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void kinema_pursuer_destroy(IntPtr pursuer);
    }
}
