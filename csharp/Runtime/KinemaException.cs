using System;

namespace Kinema
{
    /// <summary>
    /// A call into kinema failed. Message is the C library's message for the calling thread (kinema_last_error),
    /// the same text the kinema command prints after "kinema: error: "; Status is the C status.
    /// </summary>
    public sealed class KinemaException : Exception
    {
        /// <summary>The C status of the failing call (never Status.Ok).</summary>
        public Status Status { get; }

        public KinemaException(Status status, string message) : base(message)
        {
            Status = status;
        }

        // Throws for a failing status with the thread's C message; free when the call succeeded, so per-frame
        // calls go through it without allocating.
        internal static void Check(Status status)
        {
            if (status != Status.Ok)
            {
                throw new KinemaException(status, Utf8.FromNative(NativeMethods.kinema_last_error()));
            }
        }
    }
}
