import { AUDIO_MOODS, type AudioMood, type AudioMoodId } from "@focus/core/audio";
import { AUDIO_MESSAGES, isMoodLocked } from "@focus/core/audioPlayer";
import { FREE_TRACKS_MESSAGE } from "@focus/core/subscription";
import { BellRing, Check, Lightbulb, Lock, Repeat, Sparkles } from "lucide-react";
import { useState, type CSSProperties } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAudioPlayer } from "@/runtime/audio/audioEngineContext";
import { bandLabel } from "@/features/audio/MoodPicker";
import { MoodTrackList } from "@/features/audio/MoodTrackList";
import { FlowControls, NowPlaying, PlayPauseButton, VolumeControl } from "@/features/audio/PlayerControls";
import { BackToApp } from "@/app/shell/BackToApp";

/** Advice that holds for every mood (the usage-recommendations section). */
const GENERAL_RECOMMENDATIONS = [
  "Start the sound with a focus session and let it run to the end; switching moods often breaks the flow it supports.",
  "Keep the volume low, just above the noise of the room. The pulse works without being loud.",
  "Give a mood a few sessions before judging it: people differ in what helps them.",
];

/**
 * /music, the Neural Audio Player, reached from 'More Options'. It drives the app's one mood
 * player (the signed-in layout's), so what plays here keeps playing on /app, and the timer
 * runs on while the user is here.
 */
export function MusicPage() {
  const { mood: active, isGuest, freePlan } = useAudioPlayer();
  const [tab, setTab] = useState<AudioMoodId>(() => active ?? "deep-work");

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Neural Audio Player</h1>
        <p className="max-w-2xl text-muted-foreground">
          Four moods of generated focus sound. Each one is a seamless loop whose loudness pulses at a brainwave rate.
        </p>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as AudioMoodId)} className="grid gap-6">
        <div className="grid gap-2">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
            {AUDIO_MOODS.map((mood) => {
              const locked = isMoodLocked(isGuest, mood.id, freePlan);
              return (
                <TabsTrigger key={mood.id} value={mood.id} disabled={locked} className="h-10">
                  <span aria-hidden>{mood.emoji}</span>
                  {mood.name}
                  {locked && <Lock className="size-3.5" aria-hidden data-testid="mood-lock" />}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {(isGuest || freePlan) && (
            <p className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
              {isGuest ? AUDIO_MESSAGES.guestNote : FREE_TRACKS_MESSAGE}
            </p>
          )}
        </div>
        {AUDIO_MOODS.map((mood) => (
          <TabsContent key={mood.id} value={mood.id} className="rounded-xl">
            <MoodDetails mood={mood} />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}

/** One mood's tab: the player for it (with the mood's tracks), then description, usage, best for, fine-tuning, recommendations. */
function MoodDetails({ mood }: { mood: AudioMood }) {
  const style = { "--mood": mood.color } as CSSProperties;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" style={style}>
      <div className="grid gap-6 lg:order-none">
        <MoodOverview mood={mood} />
        <FineTuningCard mood={mood} />
        <RecommendationsCard mood={mood} />
      </div>

      <MoodPlayerCard mood={mood} />
    </div>
  );
}

/** The mood's card: its name, brainwave band and description, how to use it, what it is best for. */
function MoodOverview({ mood }: { mood: AudioMood }) {
  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-[var(--mood)]" aria-hidden />
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-xl bg-[var(--mood)]/15 text-2xl" aria-hidden>
            {mood.emoji}
          </span>
          <div className="grid gap-1">
            <CardTitle>{mood.name}</CardTitle>
            <Badge variant="secondary" className="w-fit">
              {bandLabel(mood)}
            </Badge>
          </div>
        </div>
        <CardDescription className="pt-2 text-base text-foreground/90">{mood.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <section className="grid content-start gap-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-primary" aria-hidden />
            How to use it
          </h3>
          <p className="text-sm leading-relaxed text-muted-foreground">{mood.usage}</p>
        </section>
        <section className="grid content-start gap-2">
          <h3 className="font-semibold">Best for</h3>
          <ul className="grid gap-1.5 text-sm">
            {mood.bestFor.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

/** The mood's fine-tuning options, each marked as coming soon. */
function FineTuningCard({ mood }: { mood: AudioMood }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2 text-lg">
          <Sparkles className="size-5 text-primary" aria-hidden />
          Fine-tuning
        </CardTitle>
        <CardDescription>Adjust the pulse to your task. These options are on their way.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3 sm:grid-cols-2">
          {mood.fineTuningOptions.map((option) => (
            <li key={option.id} className="grid content-start gap-1.5 rounded-lg border p-4">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium">{option.name}</span>
                <Badge variant="outline" className="shrink-0">
                  Coming soon
                </Badge>
              </div>
              <span className="text-xs font-medium text-muted-foreground">{option.frequency}</span>
              <p className="text-sm text-muted-foreground">{option.description}</p>
            </li>
          ))}
        </ul>
        <Button variant="secondary" disabled className="w-full sm:w-fit">
          <BellRing aria-hidden />
          Notify Me When Available
        </Button>
      </CardContent>
    </Card>
  );
}

/** Usage recommendations: the mood's workflows, then advice for every mood. */
function RecommendationsCard({ mood }: { mood: AudioMood }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Usage recommendations
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ul className="grid gap-3 sm:grid-cols-3">
          {mood.workflows.map((workflow) => (
            <li key={workflow.id} className="grid content-start gap-1 rounded-lg bg-muted/60 p-4">
              <span className="flex items-center gap-2 font-medium">
                <span aria-hidden>{workflow.emoji}</span>
                {workflow.name}
              </span>
              <span className="text-sm text-muted-foreground">{workflow.description}</span>
            </li>
          ))}
        </ul>
        <ul className="grid gap-2 text-sm text-muted-foreground">
          {GENERAL_RECOMMENDATIONS.map((tip) => (
            <li key={tip} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {tip}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The player for the mood: play or pause, now playing, Change Flow, volume, and the mood's tracks. */
function MoodPlayerCard({ mood }: { mood: AudioMood }) {
  return (
    <Card className="order-first lg:sticky lg:top-6 lg:order-none">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-lg">
          Player
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-center gap-4">
          <PlayPauseButton mood={mood.id} className="size-14 [&_svg]:size-6" />
          <NowPlaying mood={mood.id} className="flex-1" />
        </div>
        <FlowControls mood={mood.id} />
        <VolumeControl />
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Repeat className="size-4" aria-hidden />
          Looping is on
        </p>
        <MoodTrackList mood={mood} />
      </CardContent>
    </Card>
  );
}
