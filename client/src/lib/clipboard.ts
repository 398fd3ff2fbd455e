import { toast } from './toast';

/** Copies `text` and says so with a toast titled `copied`; where the browser refuses, asks the user to copy it by hand. */
export async function copyText(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: copied });
  } catch {
    toast({ title: 'Select the text and copy it', variant: 'destructive' });
  }
}
