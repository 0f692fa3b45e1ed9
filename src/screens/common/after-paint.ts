/**
 * Runs `run` once the browser has painted its next frame, and returns a cancel. The next frame's callback runs
 * before that frame is painted; a task queued from it runs after.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
