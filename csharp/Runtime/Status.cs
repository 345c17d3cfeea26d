namespace Kinema
{
    /// <summary>kinema_status: what a failing call of the C library reports (KinemaException.Status).</summary>
    public enum Status
    {
        /// <summary>KINEMA_OK: the call succeeded.</summary>
        Ok = 0,
        /// <summary>KINEMA_ERROR_ARGUMENT: a null object or array, a count or setting out of range, a NaN.</summary>
        Argument = 1,
        /// <summary>KINEMA_ERROR_INPUT: a level file or level data that cannot be read or used.</summary>
        Input = 2,
        /// <summary>KINEMA_ERROR_STATE: a call out of order, such as a result before a start.</summary>
        State = 3,
        /// <summary>KINEMA_ERROR_MEMORY: the machine ran out of memory; nothing was changed.</summary>
        Memory = 4,
        /// <summary>KINEMA_ERROR_INTERNAL: a bug in kinema; please report the message.</summary>
        Internal = 5
    }
}
