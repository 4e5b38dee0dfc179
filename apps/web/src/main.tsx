// First, so that a dashboard's first calls go out before the libraries below are evaluated, should the page's classic
// first script not have run (see prefetch.ts); when it has, its calls are found under way and nothing is sent twice.
import './prefetch.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client.ts';
import { createRoutes } from './routes.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
