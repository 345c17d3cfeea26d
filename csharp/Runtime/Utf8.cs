using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Kinema
{
    // Strings to and from C as UTF-8 on every platform (.NET Standard 2.0 has no Marshal.PtrToStringUTF8, and
    // the default string marshalling is the ANSI code page on Windows).
    internal static class Utf8
    {
        // `text` for argument `name` of C function `function`: a C string ends at its first NUL, so a text holding
        // one would reach the library cut short (a path with "\0" loaded the file named by the part before it).
        internal static byte[] ToNative(string text, string function, string name)
        {
            int nul = text == null ? -1 : text.IndexOf('\0');
            if (nul >= 0)
            {
                throw new KinemaException(Status.Argument, function + ": " + name +
                                                               " contains a NUL character (at index " + nul + ")");
            }
            return ToNative(text);
        }

        internal static byte[] ToNative(string text)
        {
            if (text == null)
            {
                return null;
            }
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        internal static string FromNative(IntPtr text)
        {
            if (text == IntPtr.Zero)
            {
                return string.Empty;
            }
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0)
            {
                ++length;
            }
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }
}
