import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { ErrorPage } from '../screens/error-page.tsx';
import { SignInScreen } from '../screens/sign-in.tsx';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: () => <ErrorPage status={500} />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/login' });
  },
});

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: SignInScreen });

export const router = createRouter({
  routeTree: rootRoute.addChildren([indexRoute, loginRoute]),
  defaultPreload: 'intent',
  trailingSlash: 'preserve',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
