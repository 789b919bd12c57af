import { faqs } from '~/features/blogs/data/faqs';
import { useT } from '~/lib/i18n';

// Native <details>/<summary>: keyboard operable and announced as expandable with no script.
export function FaqList() {
  const { known } = useT();
  return (
    <div className="faq">
      {faqs.map((faq) => (
        <details key={faq.id} id={faq.id} className="faq__item">
          <summary className="faq__question">
            <span>{known(faq.question)}</span>
          </summary>
          <div className="faq__answer">
            {faq.answer.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{known(paragraph)}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
