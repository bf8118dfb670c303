import { ListMusic, SlidersHorizontal } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { MoodPicker } from "./MoodPicker";
import { FlowControls, NowPlaying, PlayPauseButton, VolumeControl } from "./PlayerControls";

/**
 * The main view's Neural Audio tab: the same player as the Focus Arena's card, larger, with
 * Change Flow, stop and volume, and a link to the full player at /music. The sound itself
 * belongs to the app-wide player, so it keeps playing when the tab changes.
 */
export function NeuralAudioPanel() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Neural Audio</h1>
          <p className="max-w-2xl text-muted-foreground">
            Generated focus sound for four moods, each pulsing gently at its own brainwave rate. Pick one and let it play.
          </p>
        </div>
        <Link to="/music" className={buttonVariants({ variant: "outline" })}>
          <SlidersHorizontal aria-hidden />
          More Options
        </Link>
      </header>

      <MoodPicker size="lg" />

      <Card>
        <CardContent className="grid gap-5 pt-6 md:grid-cols-[minmax(0,1fr)_16rem] md:items-center">
          <div className="flex min-w-0 items-center gap-4">
            <PlayPauseButton className="size-14 [&_svg]:size-6" />
            <NowPlaying className="flex-1" />
          </div>
          <VolumeControl />
          <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
            <FlowControls />
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <ListMusic className="size-4" aria-hidden />
              15-minute tracks, one after another
            </p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
