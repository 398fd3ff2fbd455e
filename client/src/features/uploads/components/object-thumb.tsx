import FileText from 'lucide-react/icons/file-text';
import { useState } from 'react';
import { objectVariant } from '@client/lib/object-url';
import { cn } from '@client/lib/utils';

/** A stored object shown as an image, or as a document link when it is not an image (a PDF). */
export function ObjectThumb({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [isDocument, setIsDocument] = useState(false);
  if (isDocument) {
    return (
      <a
        href={src}
        target="_blank"
        rel="noreferrer"
        className={cn(
          'flex flex-col items-center justify-center gap-1 bg-gray-100 p-2 text-center text-xs text-gray-800 underline',
          className,
        )}
      >
        <FileText className="h-8 w-8 text-gray-600" aria-hidden />
        {alt}
      </a>
    );
  }
  return (
    <img
      src={objectVariant(src, 'thumb')}
      alt={alt}
      loading="lazy"
      className={cn('object-cover', className)}
      onError={() => setIsDocument(true)}
    />
  );
}
