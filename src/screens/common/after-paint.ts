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

/**
 * Runs `run` once the next frame has been painted and the frame after it has begun, and returns a cancel. A frame
 * painted by the main thread is shown a little later, by the compositor; the largest contentful paint is stamped when it
 * is shown. Work started right after the paint (`afterNextPaint`) can still come before that on a busy phone, and a
 * request it makes then counts towards the page's largest paint in Lighthouse's simulation (docs/decisions/050).
 */
export function afterFrameShown(run: () => void): () => void {
  let cancelPaint: (() => void) | undefined;
  const frame = requestAnimationFrame(() => (cancelPaint = afterNextPaint(run)));
  return () => {
    cancelAnimationFrame(frame);
    cancelPaint?.();
  };
}
