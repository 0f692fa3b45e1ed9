type Listener = () => void;
const listeners = new Set<Listener>();

/** The session actor subscribes here; the HTTP client reports every 401 (but login's own) here. */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUnauthorized(): void {
  listeners.forEach((listener) => listener());
}
