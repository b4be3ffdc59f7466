import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageReady } from './lib/i18n';
import './styles.css';
import { Providers } from './app/providers';
import { router } from './app/router';

// The first render waits for the page's catalogue (English is bundled: no wait).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
