using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_stop_reason: why the flood stopped.</summary>
    public enum StopReason
    {
        /// <summary>No untouched cell next to the heat front.</summary>
        Exhausted = 0,
        /// <summary>A step would have heated more than MaxHeated cells (not counted).</summary>
        TooManyHeated = 1,
        /// <summary>MaxSteps steps ran.</summary>
        MaxSteps = 2
    }

    /// <summary>
    /// struct kinema_flood_result: the flood so far (the final result once Finished). Laid out as the C struct,
    /// so Flood.Result fills it in place without allocating.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct FloodResult
    {
        private Vec3 destination;
        private Vec3 centroid;
        private Vec3 seedPosition;
        private long seedCell;
        private long destinationCell;
        private long heatedCells;
        private long warmCells;
        private long barrierCells;
        private int steps;
        private int stopReason;
        private int finished;
        private int seedSnapped;

        /// <summary>
        /// Where to look: the centre of the heated cell nearest the centroid (grids: column + 0.5, row + 0.5, 0).
        /// </summary>
        public Vec3 Destination { get { return destination; } }
        /// <summary>The heat-weighted mean of the warm cells' centres.</summary>
        public Vec3 Centroid { get { return centroid; } }
        /// <summary>The centre of the cell the flood started from.</summary>
        public Vec3 SeedPosition { get { return seedPosition; } }
        /// <summary>The seed's cell id (0 .. CellCount - 1), -1 for none.</summary>
        public long SeedCell { get { return seedCell; } }
        /// <summary>The destination's cell id, -1 for none.</summary>
        public long DestinationCell { get { return destinationCell; } }
        /// <summary>Cells ever heated, the seed included.</summary>
        public long HeatedCells { get { return heatedCells; } }
        /// <summary>Heated cells still warm.</summary>
        public long WarmCells { get { return warmCells; } }
        /// <summary>Cells made barrier (behind the player's direction).</summary>
        public long BarrierCells { get { return barrierCells; } }
        /// <summary>Propagation steps that happened.</summary>
        public int Steps { get { return steps; } }
        /// <summary>Why the flood stopped; meaningful when Finished.</summary>
        public StopReason StopReason { get { return (StopReason)stopReason; } }
        /// <summary>True once the flood has stopped, false in the middle of a time-sliced run.</summary>
        public bool Finished { get { return finished != 0; } }
        /// <summary>True when the position was on no cell and moved to the nearest one.</summary>
        public bool SeedSnapped { get { return seedSnapped != 0; } }
    }
}
