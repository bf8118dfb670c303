/** Focus Arena (spec §2). Placeholder until the timer integration lands. */
export function FocusArena() {
  return <section aria-label="Focus Arena">Focus Arena</section>;
}
