import { useAppStore } from '../../store/app-store';
import { appTexts } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { leaveIntro } from '../actions';
import { IntroCarousel } from '../intro-carousel';

/** initial: the intro carousel; "Get Started" once the intro is finished, else "Skip Intro". */
export function InitialPage() {
  const finished = useAppStore((s) => s.introFinished);
  const setFinished = useAppStore((s) => s.setIntroFinished);
  return (
    <div className="flex flex-col gap-4">
      <IntroCarousel
        onFinishedChange={(done) => {
          if (done) setFinished(true);
        }}
      />
      <Button onClick={leaveIntro} variant="primary" size="lg" className="w-full">
        {finished ? appTexts.auth.getStarted : appTexts.auth.skipIntro}
      </Button>
    </div>
  );
}
