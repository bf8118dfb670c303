import { AUDIO_CATEGORIES, AUDIO_MESSAGES, isMoodLocked, type AudioCategory, type AudioCategoryId } from "@focus/core";
import { ArrowLeft, BellRing, Check, Lightbulb, Lock, Repeat, Sparkles } from "lucide-react";
import { useState, type CSSProperties } from "react";
import { Link, Navigate } from "react-router-dom";
import { ThemeToggle } from "@/components/ThemeToggle";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UserLoadError } from "@/features/auth/UserLoadError";
import { useUser } from "@/lib/auth";
import { useScrollToTop } from "@/lib/useScrollToTop";
import { AudioProvider, useAudioPlayer } from "./AudioProvider";
import { bandLabel } from "./MoodPicker";
import { FlowControls, NowPlaying, PlayPauseButton, VolumeControl } from "./PlayerControls";

/** Advice that holds for every mood (the usage-recommendations section). */
const GENERAL_RECOMMENDATIONS = [
  "Start the sound with a focus session and let it run to the end; switching moods often breaks the flow it supports.",
  "Keep the volume low, just above the noise of the room. The pulse works without being loud.",
  "Give a mood a few sessions before judging it: people differ in what helps them.",
];

/** /music, the Neural Audio Player (spec §2), reached from 'More Options'. */
export function MusicPage() {
  const { user, isLoading, loadFailed, retry } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (loadFailed) return <UserLoadError onRetry={retry} />;
  if (!user) return <Navigate to="/auth" replace />;
  return (
    <AudioProvider isGuest={user.isGuest}>
      <MusicView />
    </AudioProvider>
  );
}

function MusicView() {
  useScrollToTop();
  const { category: active, isGuest } = useAudioPlayer();
  const [tab, setTab] = useState<AudioCategoryId>(() => active ?? "deep-work");

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/app" className={buttonVariants({ variant: "ghost", className: "-ml-2 px-2" })}>
          <ArrowLeft aria-hidden />
          Back to the app
        </Link>
        <ThemeToggle />
      </header>
      <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 pb-16 sm:px-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Neural Audio Player</h1>
          <p className="max-w-2xl text-muted-foreground">
            Four moods of generated focus sound. Each one is a seamless loop whose loudness pulses at a brainwave rate.
          </p>
        </div>

        <Tabs value={tab} onValueChange={(value) => setTab(value as AudioCategoryId)} className="grid gap-6">
          <div className="grid gap-2">
            <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
              {AUDIO_CATEGORIES.map((category) => {
                const locked = isMoodLocked(isGuest, category.id);
                return (
                  <TabsTrigger key={category.id} value={category.id} disabled={locked} className="h-10">
                    <span aria-hidden>{category.emoji}</span>
                    {category.name}
                    {locked && <Lock className="size-3.5" aria-hidden data-testid="mood-lock" />}
                  </TabsTrigger>
                );
              })}
            </TabsList>
            {isGuest && (
              <p className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
                <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
                {AUDIO_MESSAGES.guestNote}
              </p>
            )}
          </div>
          {AUDIO_CATEGORIES.map((category) => (
            <TabsContent key={category.id} value={category.id} className="rounded-xl">
              <MoodDetails category={category} />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}

/** One mood's tab: the player for it, then description, usage, best for, fine-tuning, recommendations. */
function MoodDetails({ category }: { category: AudioCategory }) {
  const style = { "--mood": category.color } as CSSProperties;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" style={style}>
      <div className="grid gap-6 lg:order-none">
        <Card className="overflow-hidden">
          <div className="h-1.5 bg-[var(--mood)]" aria-hidden />
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="grid size-12 place-items-center rounded-xl bg-[var(--mood)]/15 text-2xl" aria-hidden>
                {category.emoji}
              </span>
              <div className="grid gap-1">
                <CardTitle>{category.name}</CardTitle>
                <Badge variant="secondary" className="w-fit">
                  {bandLabel(category)}
                </Badge>
              </div>
            </div>
            <CardDescription className="pt-2 text-base text-foreground/90">{category.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 sm:grid-cols-2">
            <section className="grid content-start gap-2">
              <h3 className="flex items-center gap-2 font-semibold">
                <Lightbulb className="size-4 text-primary" aria-hidden />
                How to use it
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{category.usage}</p>
            </section>
            <section className="grid content-start gap-2">
              <h3 className="font-semibold">Best for</h3>
              <ul className="grid gap-1.5 text-sm">
                {category.bestFor.map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          </CardContent>
        </Card>

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
              {category.fineTuningOptions.map((option) => (
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

        <Card>
          <CardHeader>
            <CardTitle as="h3" className="text-lg">
              Usage recommendations
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <ul className="grid gap-3 sm:grid-cols-3">
              {category.workflows.map((workflow) => (
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
      </div>

      <Card className="order-first lg:sticky lg:top-6 lg:order-none">
        <CardHeader className="pb-4">
          <CardTitle as="h2" className="text-lg">
            Player
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex items-center gap-4">
            <PlayPauseButton category={category.id} className="size-14 [&_svg]:size-6" />
            <NowPlaying category={category.id} className="flex-1" />
          </div>
          <FlowControls category={category.id} />
          <VolumeControl />
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Repeat className="size-4" aria-hidden />
            Looping is on
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
