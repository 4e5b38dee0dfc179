// First, so that a dashboard's first calls go out before the libraries below are evaluated, should the page's classic
// first script not have run (see prefetch.ts); when it has, its calls are found under way and nothing is sent twice.
import './prefetch.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client.ts';
import { activateLocale, initialLocale } from './i18n/i18n.ts';
import { LocaleProvider } from './i18n/LocaleProvider.tsx';
import { createRoutes } from './routes.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The router starts loading the first screen's chunks while the language's messages (a chunk of their own) load.
const router = createBrowserRouter(createRoutes(queryClient));

// Should the chosen language's chunk fail to load, the page opens in English rather than not at all.
void activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <LocaleProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </LocaleProvider>
      </StrictMode>,
    );
  });
