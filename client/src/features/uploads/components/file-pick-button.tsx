import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@client/components/ui/button';

interface FilePickButtonProps {
  /** Accessible name of the (visually hidden) file input, e.g. 'Banner photo file'. */
  inputLabel: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles(files: File[]): void;
  /** Called instead of opening the picker, e.g. when a list is already full. */
  onBlockedClick?: (() => void) | undefined;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  children: ReactNode;
}

/** A button that opens the file picker; the input stays in the page for assistive tech and tests. */
export function FilePickButton({
  inputLabel,
  accept,
  multiple,
  disabled,
  onFiles,
  onBlockedClick,
  variant = 'outline',
  size,
  className,
  children,
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={disabled}
        onClick={() => (onBlockedClick ? onBlockedClick() : input.current?.click())}
      >
        {children}
      </Button>
    </>
  );
}
