// A chase from C#: floods a level from the player's last known position and direction, four propagation steps
// per frame (the chapter's fixed budget per frame), and prints where the guards should look.
// Usage: mono FloodCorner.exe [LEVEL] (default data/levels/corner.txt, from (3.5, 2.5) running east).
using System;
using Kinema;

internal static class FloodCorner
{
    private static int Main(string[] args)
    {
        string level = args.Length > 0 ? args[0] : "data/levels/corner.txt";
        try
        {
            using (Space space = Space.Load(level))
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, new Vec3(3.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                int frames = 1;
                while (!flood.Advance(4))
                {
                    ++frames;
                }
                FloodResult result = flood.Result;
                Console.WriteLine("kinema " + Kinema.Kinema.Version + ": " + level + ", " + space.CellCount + " cells");
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
    }
}
