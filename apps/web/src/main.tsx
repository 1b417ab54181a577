import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPages } from './app/router.tsx';
import { startSessionCheck } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { applyTheme } from './lib/theme.ts';
import './index.css';

// Before the first render, so a dark-mode visitor never sees a light flash.
applyTheme();

// What the page needs from the network starts now, not once React has drawn the first frame.
const queryClient = createQueryClient();
startSessionCheck();
preloadPages(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
