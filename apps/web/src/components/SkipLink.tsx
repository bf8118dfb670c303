/**
 * "Skip to main content": the first Tab stop of every page, hidden until focused, then shown at
 * the top left. It moves the focus (and the view) to the page's `<main>`, so a keyboard user
 * passes the header and its links in one step. Every page has one `<main>`.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        focusMain();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lg focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background focus:outline-none"
    >
      Skip to main content
    </a>
  );
}

/** Focuses the page's `<main>` (made focusable by script only: it is no Tab stop of its own). */
function focusMain(): void {
  const main = document.querySelector("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
  main.scrollIntoView?.({ block: "start" });
}
