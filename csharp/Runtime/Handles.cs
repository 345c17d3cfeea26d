// The C library's opaque handles as SafeHandles: the runtime frees each exactly once (Dispose or, failing
// that, the finalizer), never while a P/Invoke call is using it, and never while another handle depends on it.
using System;
using System.Runtime.InteropServices;

namespace Kinema
{
    internal abstract class KinemaHandle : SafeHandle
    {
        protected KinemaHandle() : base(IntPtr.Zero, true)
        {
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }
    }

    internal sealed class SpaceHandle : KinemaHandle
    {
        // Passed for a null Space, so that the C library reports it with its own message.
        internal static readonly SpaceHandle Null = new SpaceHandle();

        public SpaceHandle()
        {
        }

        protected override bool ReleaseHandle()
        {
            NativeMethods.kinema_space_destroy(handle);
            return true;
        }
    }

    // A handle whose C object points into a space (kinema.h, "lifetimes"): it holds a reference count on the
    // space, taken by the caller before the create call and dropped after the C object is destroyed.
    internal abstract class SpaceKeepingHandle : KinemaHandle
    {
        private SpaceHandle space;

        internal delegate Status Create<T>(SpaceHandle space, out T handle);

        // Runs a kinema_*_create on `space` (a null Space passes the null handle, for the C library to name it):
        // the space is referenced before the call and kept by the new handle, or released again when it fails.
        internal static T CreateOn<T>(Space space, Create<T> create) where T : SpaceKeepingHandle
        {
            Kinema.CheckLibrary();
            SpaceHandle target = space == null ? SpaceHandle.Null : space.Handle;
            bool added = false;
            target.DangerousAddRef(ref added);
            T handle;
            Status status;
            try
            {
                status = create(target, out handle);
            }
            catch
            {
                target.DangerousRelease();
                throw;
            }
            if (status != Status.Ok)
            {
                target.DangerousRelease();
                KinemaException.Check(status);
            }
            handle.space = target;
            return handle;
        }

        // Frees the C object (the space is released after it).
        protected abstract void Destroy(IntPtr native);

        protected override bool ReleaseHandle()
        {
            Destroy(handle);
            if (space != null)
            {
                space.DangerousRelease();
                space = null;
            }
            return true;
        }
    }

    internal sealed class FloodHandle : KinemaHandle
    {
        // The space the flood was last started on: the C flood points into it (kinema.h, "lifetimes"), so the
        // flood holds a reference count on it and the space is freed only after both are done with it.
        private SpaceHandle space;

        public FloodHandle()
        {
        }

        // After a kinema_flood_start given `next`, on which the caller took a reference: the flood keeps that
        // reference when it started and drops the previous space's; a failed start (checked before the flood
        // changes) keeps the previous space.
        internal void Started(SpaceHandle next, bool started)
        {
            SpaceHandle released = started ? space : next;
            if (started)
            {
                space = next;
            }
            if (released != null)
            {
                released.DangerousRelease();
            }
        }

        protected override bool ReleaseHandle()
        {
            NativeMethods.kinema_flood_destroy(handle);
            if (space != null)
            {
                space.DangerousRelease();
                space = null;
            }
            return true;
        }
    }
}
