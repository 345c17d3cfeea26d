// kinema_pursuer_team: a team of runtime pursuers (docs/pursuit.md "Teams"; docs/engines.md "Teams"), the NPCs
// a game ticks together, sharing what they know by a TeamMode. Its handle lives here, beside it; its P/Invoke
// declarations are generated (Generated/NativeMethods.g.cs).
using System;
using System.Runtime.InteropServices;

namespace Kinema
{

    /// <summary>
    /// Several NPCs' chase reasoning, ticked once a frame with one PursuerInput per NPC (the same Dt for all):
    /// NPC i is inputs[i] and Outputs[i]. Update, Stimulus and Events allocate nothing: the outputs are the
    /// team's own array, overwritten by each call. Any space, as Pursuer.
    /// </summary>
    public sealed class PursuerTeam : IDisposable
    {
        /// <summary>The most NPCs in a team (KINEMA_TEAM_MAX_NPCS).</summary>
        public const int MaxNpcs = NativeMethods.KINEMA_TEAM_MAX_NPCS;

        private readonly PursuerTeamHandle handle;
        private readonly PursuerOutput[] outputs;
        private readonly TeamMode mode;

        /// <summary>A team of `npcs` (1 to MaxNpcs) pursuers on `space` (kept alive while the team is), each
        /// engaged, clock 0.</summary>
        public PursuerTeam(Space space, int npcs, TeamMode mode, PursuerSettings settings)
        {
            handle = SpaceKeepingHandle.CreateOn(space, (SpaceHandle target, out PursuerTeamHandle created) =>
                NativeMethods.kinema_pursuer_team_create(target, ref settings, npcs, (int)mode, out created));
            outputs = new PursuerOutput[npcs];
            this.mode = mode;
        }

        /// <summary>The number of NPCs.</summary>
        public int Size
        {
            get { return outputs.Length; }
        }

        public TeamMode Mode
        {
            get { return mode; }
        }

        /// <summary>One frame of every NPC: `inputs` holds Size reports with one Dt. Returns Outputs.</summary>
        public PursuerOutput[] Update(PursuerInput[] inputs)
        {
            int count = inputs == null ? 0 : inputs.Length;
            KinemaException.Check(NativeMethods.kinema_pursuer_team_update(handle, inputs, count, outputs));
            return outputs;
        }

        /// <summary>A noise at `position` (on floor) heard by the whole team `delay` seconds after the last
        /// update. Returns Outputs.</summary>
        public PursuerOutput[] Stimulus(Vec3 position, double delay = 0.0)
        {
            KinemaException.Check(NativeMethods.kinema_pursuer_team_stimulus(handle, position, delay, outputs));
            return outputs;
        }

        /// <summary>The last call's decisions, NPC i at [i] (the team's own array: read it, do not keep it).</summary>
        public PursuerOutput[] Outputs
        {
            get { return outputs; }
        }

        /// <summary>Copies NPC `npc`'s events of the last call into `buffer` (4 is always enough); returns how
        /// many there were.</summary>
        public int Events(int npc, PursuerEvent[] buffer)
        {
            int count;
            int capacity = buffer == null ? 0 : buffer.Length;
            KinemaException.Check(NativeMethods.kinema_pursuer_team_events(handle, npc, buffer, capacity,
                                                                               out count));
            return count;
        }

        /// <summary>Every NPC back to before its first update.</summary>
        public void Reset()
        {
            KinemaException.Check(NativeMethods.kinema_pursuer_team_reset(handle));
            Array.Clear(outputs, 0, outputs.Length);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    // The C team points into its space (kinema.h): the handle holds a reference count on it.
    internal sealed class PursuerTeamHandle : SpaceKeepingHandle
    {
        public PursuerTeamHandle()
        {
        }

        protected override void Destroy(IntPtr native)
        {
            NativeMethods.kinema_pursuer_team_destroy(native);
        }
    }
}
