import { Headphones, SlidersHorizontal } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MoodPicker } from "./MoodPicker";
import { NowPlaying, PlayPauseButton } from "./PlayerControls";

/**
 * The Focus Arena's Neural Audio card: the four moods, play/pause with the current track, and
 * 'More Options' to /music. Guests get Deep Work only (`docs/product.md`, Audio), with the lock
 * and the note.
 */
export function NeuralAudioCard() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Headphones className="size-4" aria-hidden />
          Neural Audio
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MoodPicker />
        <div className="flex items-center gap-3 rounded-lg bg-muted/60 p-2.5">
          <PlayPauseButton />
          <NowPlaying className="flex-1" />
        </div>
        <Link to="/music" className={buttonVariants({ variant: "outline", className: "w-full" })}>
          <SlidersHorizontal aria-hidden />
          More Options
        </Link>
      </CardContent>
    </Card>
  );
}
