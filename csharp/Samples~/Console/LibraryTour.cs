// The README's library tour from C#, through kinema's C library: one braking frame of Unreal's Character
// Movement Component, the exact stop prediction, and the chase flood on kinema's default level (the corner of
// Couvidou's Dishonored 2 chase chapter, data/levels/corner.txt) from its marked seed. It prints what
// examples/library_tour.cpp prints, line for line (ctest's csharp_sample_library_tour compares them).
// Usage: mono LibraryTour.exe [LEVEL] (default data/levels/corner.txt).
using System;
using System.Globalization;
using Kinema;

internal static class LibraryTour
{
    private static int Main(string[] args)
    {
        string level = args.Length > 0 ? args[0] : "data/levels/corner.txt";
        CultureInfo invariant = CultureInfo.InvariantCulture;
        try
        {
            // Movement: plain settings (engine defaults), explicit state, a pure step. Units: cm, cm/s, s.
            UnrealSettings walk = UnrealSettings.Default;  // GroundFriction 8, MaxWalkSpeed 600, ...
            var s = new PlanarState(new Vec2(0.0, 0.0), new Vec2(600.0, 0.0));
            s = Movement.Step(walk, s, new Vec2(0.0, 0.0), 1.0 / 60.0);
            Console.WriteLine(string.Format(invariant, "after one braking frame at 60 fps: {0:F4} cm/s", s.Velocity.X));

            // Analysis: where does it stop at 60 fps? Exact for the CMC schedule, in closed form.
            StopPrediction stop = Analysis.UnrealStop(walk, 600.0, 1.0 / 60.0);
            Console.WriteLine(string.Format(invariant, "stop from 600 cm/s at 60 fps: {0:F2} cm in {1} frames",
                                            stop.Distance, stop.Frames));

            // Chase: flood the default level from its marked seed (column 3, row 2, running east).
            using (Space space = Space.Load(level))
            using (var flood = new Flood(FloodSettings.Default))  // H 20, M_H 25, M_S 40
            {
                flood.Start(space, new Vec3(3.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                flood.Advance(int.MaxValue);
                FloodResult r = flood.Result;  // r.Destination: where the NPC should run
                Console.WriteLine(string.Format(invariant, "chase: {0} steps ({1}), run to ({2:F1}, {3:F1})", r.Steps,
                                                StopReasonName(r.StopReason), r.Destination.X, r.Destination.Y));
            }
            return 0;
        }
        catch (KinemaException error)
        {
            Console.Error.WriteLine("kinema: error: " + error.Message);
            return 2;
        }
    }

    // The names `kinema chase` and the C++ library print.
    private static string StopReasonName(StopReason reason)
    {
        switch (reason)
        {
            case StopReason.Exhausted:
                return "exhausted";
            case StopReason.TooManyHeated:
                return "too_many_heated";
            default:
                return "max_steps";
        }
    }
}
