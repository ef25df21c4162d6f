import { Outlet } from 'react-router';

/** Placeholder until the personal centre's menu is built (issue 15). */
export function PersonalLayout() {
  return <Outlet />;
}
