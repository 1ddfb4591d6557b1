//! A hostile test's raw peer reading one stream's messages, whichever protocol it speaks (the
//! game's or a table's).

/// Reads the decoded messages of a raw stream, one at a time.
pub(crate) trait ReadsMessages {
    /// What the stream carries.
    type Message;
    /// Why the other side refuses a message.
    type Reason: std::fmt::Debug + PartialEq;

    /// The reason of `message`, if it is a refusal.
    fn refusal(message: &Self::Message) -> Option<&Self::Reason>;

    /// The next message, or `None` at the end of the stream.
    async fn recv(&mut self) -> Option<Self::Message>;

    /// Reads until a message matching `pred`, skipping the others (keep-alives and the like).
    async fn expect(&mut self, what: &str, pred: impl Fn(&Self::Message) -> bool) -> Self::Message {
        loop {
            match self.recv().await {
                Some(message) if pred(&message) => return message,
                Some(_) => {}
                None => panic!("the stream ended while waiting for {what}"),
            }
        }
    }

    /// Reads until a refusal for `reason`.
    async fn expect_reject(&mut self, reason: Self::Reason) {
        self.expect(&format!("{reason:?}"), |m| Self::refusal(m) == Some(&reason)).await;
    }
}
