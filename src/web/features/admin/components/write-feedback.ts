import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { failureMessage } from './failure';

/**
 * One way for every admin write: a toast when it worked, the red banner with the spec's
 * failure line (and the server's reason) when it did not.
 */
export function useWriteFeedback() {
  const [error, setError] = useState<string | null>(null);
  const feedback = (success: () => string, failure: string) => {
    setError(null);
    return {
      onSuccess: () => {
        toast.success(success());
      },
      onError: (err: unknown) => setError(failureMessage(failure, err)),
    };
  };
  return { error, feedback };
}
