import type { SvgIconComponent } from '@mui/icons-material';
import { Alert, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A list with nothing in it yet: an icon, what it is for, and the first thing to do. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  note,
  action,
}: {
  icon: SvgIconComponent;
  title: string;
  body: ReactNode;
  note?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card sx={{ borderStyle: 'dashed' }}>
      <CardContent sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <Icon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography component="h2" variant="h6" sx={{ mt: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {body}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 560, mx: 'auto' }}>
            {note}
          </Typography>
        )}
        {action}
      </CardContent>
    </Card>
  );
}

/** A list that failed to load, with a way to try again. */
export function LoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
