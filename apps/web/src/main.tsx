import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

const root = createRoot(container);
// A transition renders in slices that yield to the browser, so the first render does not
// block the main thread in one long task.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
});
