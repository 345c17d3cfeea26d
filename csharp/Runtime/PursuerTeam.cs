// kinema_pursuer_team: a team of runtime pursuers (docs/pursuit.md "Teams"; docs/engines.md "Teams"), the NPCs
// a game ticks together, sharing what they know by a TeamMode. Its P/Invoke declarations and handle live here,
// beside it.
using System;
using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_team_mode: how a team shares what its NPCs know.</summary>
    public enum TeamMode
    {
        /// <summary>Each NPC perceives, chases and searches alone.</summary>
        Independent = 0,
        /// <summary>One NPC's sighting is everyone's: the team loses the player together and runs one chase.</summary>
        Shared = 1,
        /// <summary>Shared sightings, the flood's heat split into one destination per chasing NPC, and one
        /// occupancy map searched by all with no two NPCs heading for the same cell.</summary>
        Split = 2
    }

    /// <summary>
    /// Several NPCs' chase reasoning, ticked once a frame with one PursuerInput per NPC (the same Dt for all):
    /// NPC i is inputs[i] and Outputs[i]. Update, Stimulus and Events allocate nothing: the outputs are the
    /// team's own array, overwritten by each call. Any space, as Pursuer.
    /// </summary>
    public sealed class PursuerTeam : IDisposable
    {
        /// <summary>The most NPCs in a team (KINEMA_TEAM_MAX_NPCS).</summary>
        public const int MaxNpcs = 16;

        private readonly PursuerTeamHandle handle;
        private readonly PursuerOutput[] outputs;
        private readonly TeamMode mode;

        /// <summary>A team of `npcs` (1 to MaxNpcs) pursuers on `space` (kept alive while the team is), each
        /// engaged, clock 0.</summary>
        public PursuerTeam(Space space, int npcs, TeamMode mode, PursuerSettings settings)
        {
            Kinema.CheckLibrary();
            SpaceHandle target = space == null ? SpaceHandle.Null : space.Handle;
            bool added = false;
            target.DangerousAddRef(ref added);
            Status status;
            try
            {
                status = PursuerTeamNative.kinema_pursuer_team_create(target, ref settings, npcs, (int)mode,
                                                                      out handle);
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
            KinemaException.Check(PursuerTeamNative.kinema_pursuer_team_update(handle, inputs, count, outputs));
            return outputs;
        }

        /// <summary>A noise at `position` (on floor) heard by the whole team `delay` seconds after the last
        /// update. Returns Outputs.</summary>
        public PursuerOutput[] Stimulus(Vec3 position, double delay = 0.0)
        {
            KinemaException.Check(PursuerTeamNative.kinema_pursuer_team_stimulus(handle, position, delay, outputs));
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
            KinemaException.Check(PursuerTeamNative.kinema_pursuer_team_events(handle, npc, buffer, capacity,
                                                                               out count));
            return count;
        }

        /// <summary>Every NPC back to before its first update.</summary>
        public void Reset()
        {
            KinemaException.Check(PursuerTeamNative.kinema_pursuer_team_reset(handle));
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
            PursuerTeamNative.kinema_pursuer_team_destroy(native);
        }
    }

    internal static class PursuerTeamNative
    {
        private const string Library = NativeMethods.Library;

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_team_create(SpaceHandle space, ref PursuerSettings settings,
                                                                 int npcs, int mode, out PursuerTeamHandle team);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_team_update(PursuerTeamHandle team, [In] PursuerInput[] inputs,
                                                                 int count, [Out] PursuerOutput[] outputs);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_team_stimulus(PursuerTeamHandle team, Vec3 position,
                                                                   double delay, [Out] PursuerOutput[] outputs);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_team_events(PursuerTeamHandle team, int npc,
                                                                 [Out] PursuerEvent[] events, int capacity,
                                                                 out int count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_pursuer_team_reset(PursuerTeamHandle team);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void kinema_pursuer_team_destroy(IntPtr team);
    }
}
