"""MQ messages: puts and gets on private and shared queues, messages with data,
publications through topics, triggers."""
