import { useEffect } from "react";

/**
 * Keeps `--visible-vh` (read by `.chat-screen`) at the visual viewport's height while an on-screen keyboard
 * covers part of the page in browsers that leave the layout viewport alone (iOS Safari; Android Chrome
 * resizes the layout itself under `interactive-widget=resizes-content`). Pinch-zoom also shrinks the
 * visual viewport, so the variable is only set at scale 1.
 */
export function useVisibleHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      const covered = viewport.scale === 1 && viewport.height < window.innerHeight - 1;
      if (covered) root.style.setProperty("--visible-vh", `${viewport.height}px`);
      else root.style.removeProperty("--visible-vh");
    };
    update();
    viewport.addEventListener("resize", update);
    return () => {
      viewport.removeEventListener("resize", update);
      root.style.removeProperty("--visible-vh");
    };
  }, []);
}
