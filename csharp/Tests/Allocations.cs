using System;
using System.Reflection;
using NUnit.Framework;

namespace Kinema.Tests
{
    internal static class Allocations
    {
        // The bytes this thread has allocated so far, for the tests that a per-frame call gives the garbage
        // collector no work. GC.GetAllocatedBytesForCurrentThread: mono has it, .NET Standard 2.0 does not
        // declare it, so it is found by reflection and the test is ignored where it is missing.
        internal static long Bytes()
        {
            MethodInfo counter = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread");
            if (counter == null)
            {
                Assert.Ignore("this runtime does not count allocated bytes");
            }
            return (long)counter.Invoke(null, null);
        }
    }
}
