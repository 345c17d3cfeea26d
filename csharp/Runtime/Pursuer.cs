// kinema_pursuer: the runtime pursuer (docs/pursuit.md "Runtime pursuer"; docs/engines.md "Runtime pursuer"),
// the NPC's chase reasoning a game ticks each frame. Its handle lives here, beside it; its P/Invoke
// declarations are generated (Generated/NativeMethods.g.cs).
using System;
using System.Runtime.InteropServices;

namespace Kinema
{
    // kinema_pursuer_output's fields are generated (Generated/NativeMethods.g.cs).
    public partial struct PursuerOutput
    {
        /// <summary>True when the call recorded an event of this kind.</summary>
        public bool Has(PursuitEventKind kind)
        {
            return (Events & (1u << (int)kind)) != 0;
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
            handle = SpaceKeepingHandle.CreateOn(space, (SpaceHandle target, out PursuerHandle created) =>
                NativeMethods.kinema_pursuer_create(target, ref settings, out created));
        }

        /// <summary>One frame: the clock advances by Dt and the state machine runs on `input`.</summary>
        public PursuerOutput Update(ref PursuerInput input)
        {
            KinemaException.Check(NativeMethods.kinema_pursuer_update(handle, ref input, out output));
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
            KinemaException.Check(NativeMethods.kinema_pursuer_stimulus(handle, position, delay, out output));
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
            KinemaException.Check(NativeMethods.kinema_pursuer_events(handle, buffer, capacity, out count));
            return count;
        }

        /// <summary>Back to before the first update (engaged, clock 0, no restart used).</summary>
        public void Reset()
        {
            KinemaException.Check(NativeMethods.kinema_pursuer_reset(handle));
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
            NativeMethods.kinema_pursuer_destroy(native);
        }
    }
}
