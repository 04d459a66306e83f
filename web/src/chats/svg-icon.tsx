import { Svg } from '../ui/svg';

/** The one icon the first route's shell shows (New Chat); the rest are in ./icons, on the frame of ui/svg. */
export const PlusIcon = () => (
  <Svg>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
