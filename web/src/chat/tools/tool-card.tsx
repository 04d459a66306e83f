import { LOCATION_UNAVAILABLE_PREFIX, type ToolCall } from '@neura/contract';
import { memo } from 'react';
import { mediaTexts, skillTexts } from '../../texts/app-texts';
import { texts } from '../../texts/texts';
import { BusinessCards } from './business-card';
import { DomainCard } from './domain-card';
import { MEDIA_SKILLS, MediaPlaceholder, MediaResult } from './media-card';
import { ReadPageCard } from './read-page-card';
import { SearchResultsCard } from './search-results-card';
import { ToolFrame } from './tool-frame';
import { VideoGalleryCard } from './video-gallery-card';
import { WeatherCard } from './weather-card';

function Body({ call }: { call: ToolCall }) {
  const output = call.output;
  if (!output || 'error' in output) return null;
  switch (call.skill) {
    case 'web_search':
      return call.output && !('error' in call.output) ? <SearchResultsCard results={call.output.results} /> : null;
    case 'read_url':
      return call.output && !('error' in call.output) ? <ReadPageCard output={call.output} /> : null;
    case 'video_search':
      return call.output && !('error' in call.output) ? <VideoGalleryCard videos={call.output.videos} /> : null;
    case 'forecast_weather':
      return call.output && !('error' in call.output) ? <WeatherCard output={call.output} /> : null;
    case 'yelp_business_search':
      return call.output && !('error' in call.output) ? <BusinessCards businesses={call.output.businesses} /> : null;
    case 'check_domain':
      return call.output && !('error' in call.output) ? <DomainCard output={call.output} /> : null;
    case 'generate_image':
    case 'edit_image':
    case 'edit_image_canvas':
    case 'repair_image':
    case 'rotate_image':
    case 'resize_image':
    case 'generate_music':
      return <MediaResult call={call} />;
    default:
      return null;
  }
}

function titleOf(call: ToolCall): string {
  const label = texts.explore.skills[call.skill] ?? call.skill;
  if (call.status === 'running')
    return skillTexts.running[call.skill] ?? mediaTexts.running[call.skill] ?? skillTexts.runningOther;
  if (call.status === 'failed') return skillTexts.failedTitle(label);
  const output = call.output;
  if (call.skill === 'web_search' && output && 'results' in output)
    return `${label} · ${skillTexts.searchResults(output.results.length)}`;
  if (call.skill === 'video_search' && output && 'videos' in output)
    return `${label} · ${skillTexts.videos(output.videos.length)}`;
  return label;
}

/** One tool call in a reply: live while it runs, its result (or its error) after, from history too. */
export const ToolCard = memo(function ToolCard({ call }: { call: ToolCall }) {
  const error = call.output && 'error' in call.output ? call.output.error : undefined;
  const media = MEDIA_SKILLS.has(call.skill);
  // No location (declined, none in time): not a failure to alarm about; the user names a place.
  if (call.status === 'failed' && error?.startsWith(LOCATION_UNAVAILABLE_PREFIX)) {
    return (
      <ToolFrame title={skillTexts.locationNotSharedTitle} status={call.status} testId={`tool-${call.skill}`}>
        <p className="text-muted" data-testid="location-not-shared">
          {skillTexts.locationNotShared}
        </p>
      </ToolFrame>
    );
  }
  return (
    <ToolFrame title={titleOf(call)} status={call.status} testId={`tool-${call.skill}`}>
      {call.status === 'running' ? (
        media ? (
          <MediaPlaceholder call={call} />
        ) : null
      ) : error !== undefined ? (
        <p className="text-danger">{error}</p>
      ) : (
        <Body call={call} />
      )}
    </ToolFrame>
  );
});
