program t;
kernel {}