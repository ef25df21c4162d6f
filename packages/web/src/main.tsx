import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, setNavigator } from './api/http.js';
import { routes } from './app/routes.js';
import { initI18n } from './i18n/index.js';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A server's answer is final; only a failed connection is worth one more try.
      retry: (failures, error) => failures < 1 && error instanceof ApiError && error.code === -1,
      refetchOnWindowFocus: false,
    },
  },
});

await initI18n();
const router = createBrowserRouter(routes);
setNavigator((url) => void router.navigate(url, { replace: true }));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
