namespace Kinema
{
    /// <summary>The loaded library's version: Kinema.Version (Kinema.Kinema.Version outside the namespace).</summary>
    public static class Kinema
    {
        /// <summary>kinema_version(): "MAJOR.MINOR.PATCH" of the libkinema_c that was loaded.</summary>
        public static string Version
        {
            get { return Utf8.FromNative(NativeMethods.kinema_version()); }
        }

        /// <summary>kinema_c_api_version(): the KINEMA_C_API_VERSION the loaded library was built with.</summary>
        public static int CApiVersion
        {
            get { return NativeMethods.kinema_c_api_version(); }
        }

        /// <summary>The KINEMA_C_API_VERSION this binding was written against.</summary>
        public const int BindingCApiVersion = NativeMethods.KINEMA_C_API_VERSION;

        private static volatile bool checkedLibrary;

        // A stale plugin (a libkinema_c of another C ABI) is an error at the first object, not a crash later.
        internal static void CheckLibrary()
        {
            if (checkedLibrary)
            {
                return;
            }
            int loaded = NativeMethods.kinema_c_api_version();
            if (loaded != NativeMethods.KINEMA_C_API_VERSION)
            {
                throw new KinemaException(Status.State, "libkinema_c has C API version " + loaded +
                                                            ", this binding needs " + NativeMethods.KINEMA_C_API_VERSION +
                                                            ": replace the plugin");
            }
            checkedLibrary = true;
        }
    }
}
