// The P/Invoke declarations of kinema.h's movement models, analysis and Morrowind (Movement.cs, Analysis.cs,
// Morrowind.cs), written as the header writes them: settings, states and results by ref or out (all blittable:
// C's bool is a byte behind a bool property), caller arrays pinned in place, so no call copies or allocates.
using System.Runtime.InteropServices;

namespace Kinema
{
    internal static partial class NativeMethods
    {
        // ---- Movement models ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern DishonoredSettings kinema_dishonored_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_dishonored_step(ref DishonoredSettings settings, ref PlanarState state,
                                                             Vec2 input, double dt, out PlanarState next);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_dishonored_simulate(ref DishonoredSettings settings,
                                                                 ref PlanarState start, Vec2[] inputs,
                                                                 double[] frameTimes, int frames,
                                                                 [Out] PlanarState[] states);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern CrossCodeSettings kinema_crosscode_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_crosscode_step(ref CrossCodeSettings settings, ref PlanarState state,
                                                            Vec2 input, double dt, out PlanarState next);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_crosscode_simulate(ref CrossCodeSettings settings,
                                                                ref PlanarState start, Vec2[] inputs,
                                                                double[] frameTimes, int frames,
                                                                [Out] PlanarState[] states);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern UnrealSettings kinema_unreal_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_step(ref UnrealSettings settings, ref PlanarState state,
                                                         Vec2 input, double dt, out PlanarState next);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_simulate(ref UnrealSettings settings, ref PlanarState start,
                                                             Vec2[] inputs, double[] frameTimes, int frames,
                                                             [Out] PlanarState[] states);

        // ---- Analysis ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_stop(ref UnrealSettings settings, double speed,
                                                         double frameTime, out StopPrediction stop);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_stop_trace(ref UnrealSettings settings, double speed,
                                                               double[] frameTimes, int count,
                                                               out StopPrediction stop);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_stop_continuous(ref UnrealSettings settings, double speed,
                                                                    out StopPrediction stop);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_unreal_pivot(ref UnrealSettings settings, double speed,
                                                          double frameTime, out StopPrediction pivot);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern TurnSettings kinema_turn_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_dishonored_turn(ref TurnSettings settings, double angle, double dt,
                                                             out TurnSolution solution);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_dishonored_turn_limits(ref TurnSettings settings, double dt,
                                                                    out double maxFullSpeedTurn,
                                                                    out double maxReachableTurn);

        // ---- Morrowind ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MorrowindSettings kinema_morrowind_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MorrowindActor kinema_morrowind_actor_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MorrowindStance kinema_morrowind_stance_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_morrowind_speed(ref MorrowindSettings settings, ref MorrowindActor actor,
                                                             ref MorrowindStance stance, out MorrowindSpeed speed);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_morrowind_jump(ref MorrowindSettings settings, ref MorrowindActor actor,
                                                            ref MorrowindStance stance, Vec2 direction,
                                                            out MorrowindJump jump);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_morrowind_fall(ref MorrowindSettings settings, ref MorrowindActor actor,
                                                            double height, out MorrowindFall fall);
    }
}
