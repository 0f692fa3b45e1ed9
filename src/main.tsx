import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root';
import './app/first-load.css';
import './i18n';

createRoot(document.getElementById('root')!, {
  // React reports a recovered render error by its wrapper alone (error 520): the console shows what caused it.
  onRecoverableError: (error) => console.error(error, 'caused by', (error as { cause?: unknown }).cause),
}).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
