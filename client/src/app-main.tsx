import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';

// The server's CSP allows no eval: zod would probe `new Function` (caught, but reported as a
// CSP violation) before falling back to its interpreter. Skip the probe (ADR 0060).
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
