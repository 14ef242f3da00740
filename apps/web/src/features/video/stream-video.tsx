import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef } from 'react';

/** A <video> playing a MediaStream (muted for one's own preview: no echo). */
export function StreamVideo({ stream, label, muted = false, mirrored = false, sx }: { stream: MediaStream | null; label: string; muted?: boolean; mirrored?: boolean; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'grey.900', borderRadius: 2, transform: mirrored ? 'scaleX(-1)' : undefined, ...sx }}
    />
  );
}
