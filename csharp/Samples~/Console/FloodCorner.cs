// A chase from C#: floods a level from the player's last known position and direction, four propagation steps
// per frame (the chapter's fixed budget per frame), and prints where the guards should look.
// Usage: mono FloodCorner.exe [LEVEL [X,Y[,Z] [DX,DY[,DZ]]]]
//   default: data/levels/corner.txt from (3.5, 2.5) running east (1, 0); a position off the level's cells snaps
//   to the nearest one (the output says so); without a direction, no barrier.
// From the checkout, after scripts/test.sh (or cmake --build build --target kinema_csharp):
//   mono build/csharp/FloodCorner.exe data/levels/t_junction_equal.txt 16.5,8.5 0,-1
// libkinema_c.so is copied beside the assemblies (build/csharp/), where mono looks first, so no LD_LIBRARY_PATH
// is needed.
using System;
using System.Globalization;
using Kinema;

internal static class FloodCorner
{
    private static int Main(string[] args)
    {
        try
        {
            if (args.Length > 3)
            {
                throw new ArgumentException("usage: FloodCorner.exe [LEVEL [X,Y[,Z] [DX,DY[,DZ]]]]");
            }
            string level = args.Length > 0 ? args[0] : "data/levels/corner.txt";
            Vec3 from = args.Length > 1 ? ParsePoint(args[1], "X,Y") : new Vec3(3.5, 2.5, 0.0);
            Vec3 direction = args.Length > 2 ? ParsePoint(args[2], "DX,DY")
                             : args.Length > 1 ? new Vec3(0.0, 0.0, 0.0) : new Vec3(1.0, 0.0, 0.0);
            using (Space space = Space.Load(level))
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, from, direction);
                int frames = 1;
                while (!flood.Advance(4))
                {
                    ++frames;
                }
                FloodResult result = flood.Result;
                Console.WriteLine("kinema " + Kinema.Kinema.Version + ": " + level + ", " + space.CellCount + " cells");
                if (result.SeedSnapped)
                {
                    Console.WriteLine("seed " + from + " is on no cell: moved to " + result.SeedPosition);
                }
                Console.WriteLine("destination " + result.Destination + " after " + result.Steps + " steps in " +
                                  frames + " frames (stopped: " + result.StopReason + ")");
                Console.WriteLine("heated " + result.HeatedCells + " cells, barrier " + result.BarrierCells);
            }
            return 0;
        }
        catch (KinemaException error)
        {
            Console.Error.WriteLine("kinema: error: " + error.Message);
            return 2;
        }
        catch (ArgumentException error)
        {
            Console.Error.WriteLine("kinema: error: " + error.Message);
            return 2;
        }
    }

    /// <summary>"X,Y" or "X,Y,Z" (invariant culture: a '.' decimal point whatever the locale).</summary>
    private static Vec3 ParsePoint(string text, string what)
    {
        string[] parts = text.Split(',');
        var values = new double[3];
        if (parts.Length < 2 || parts.Length > 3)
        {
            throw new ArgumentException(what + ": expected " + what + " or " + what + ",Z, got '" + text + "'");
        }
        for (int i = 0; i < parts.Length; ++i)
        {
            if (!double.TryParse(parts[i], NumberStyles.Float, CultureInfo.InvariantCulture, out values[i]) ||
                double.IsNaN(values[i]) || double.IsInfinity(values[i]))
            {
                throw new ArgumentException(what + ": expected finite numbers, got '" + text + "'");
            }
        }
        return new Vec3(values[0], values[1], values[2]);
    }
}
