import { faqs } from '~/features/blogs/data/faqs';

// Native <details>/<summary>: keyboard operable and announced as expandable with no script.
export function FaqList() {
  return (
    <div className="faq">
      {faqs.map((faq) => (
        <details key={faq.id} id={faq.id} className="faq__item">
          <summary className="faq__question">
            <span>{faq.question}</span>
          </summary>
          <div className="faq__answer">
            {faq.answer.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
