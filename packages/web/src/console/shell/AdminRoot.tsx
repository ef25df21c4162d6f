import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '../../components/toast.js';
import { Loading } from '../../components/ui/index.js';

/** The console's root: its toasts, and a loading line while a page or an area's texts arrive. */
export function AdminRoot() {
  return (
    <>
      <Toaster />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
