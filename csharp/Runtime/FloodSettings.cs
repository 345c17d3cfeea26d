using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>kinema_destination_rule: which heated cells may be the destination.</summary>
    public enum DestinationRule
    {
        /// <summary>Every heated cell, cooled ones included (the default).</summary>
        NearestHeated = 0,
        /// <summary>Only cells still warm (value above 0).</summary>
        NearestWarm = 1
    }

    /// <summary>
    /// kinema_flood_settings: the constants of the chapter's Table 1. Start from FloodSettings.Default (hot 20,
    /// max heated 25, max steps 40: difficulty 3) and change fields; a zeroed struct is not valid (Hot 0).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct FloodSettings
    {
        /// <summary>H, the value a newly heated cell gets; [1, 1000000].</summary>
        public int Hot;
        /// <summary>M_H: more newly heated cells than this in one step stops the flood; [1, 2^31 - 1].</summary>
        public int MaxHeated;
        /// <summary>M_S, propagation steps at most; [0, 1000000].</summary>
        public int MaxSteps;
        /// <summary>Re-seeds accepted per chase after new stimuli; -1 = no cap; [-1, 2^31 - 1].</summary>
        public int MaxRestarts;
        /// <summary>Which heated cells may be the destination.</summary>
        public DestinationRule Destination;

        /// <summary>The C library's defaults (kinema_flood_settings_default).</summary>
        public static FloodSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_flood_settings_default();
            }
        }
    }
}
